/// What a presentation controller delegate's `adaptivePresentationStyle(for:traitCollection:)`
/// answers: `none` keeps the style as it is (a popover stays a popover on an iPhone), the others
/// are the styles UIKit accepts as an adaptation.
public enum AdaptivePresentationStyle: String, Codable, Sendable, CaseIterable {
    case none
    case fullScreen
    case overFullScreen
    case pageSheet
    case formSheet

    /// The style it adapts to; nil for `none`.
    var style: ModalPresentationStyle? {
        switch self {
        case .none: nil
        case .fullScreen: .fullScreen
        case .overFullScreen: .overFullScreen
        case .pageSheet: .pageSheet
        case .formSheet: .formSheet
        }
    }
}
