/// `UIModalPresentationStyle`, by its Swift case names (docs/uikit-rules-presentation.md).
public enum ModalPresentationStyle: String, Codable, Sendable, CaseIterable {
    case automatic
    case fullScreen
    case pageSheet
    case formSheet
    case currentContext
    case overFullScreen
    case overCurrentContext
    case popover
    /// Managed by the presented controller's transitioning delegate (rule 44).
    case custom

    /// What UIKit picks for `automatic` on a plain controller since iOS 13: a page sheet.
    var resolved: ModalPresentationStyle { self == .automatic ? .pageSheet : self }

    /// The styles after which UIKit removes the presenter's views: the presenter disappears
    /// (and appears again at dismissal). The "over" styles, sheets and popovers leave it showing;
    /// for `custom` the presentation controller decides (`Presentation.coversPresenter`).
    var coversPresenter: Bool {
        switch resolved {
        case .fullScreen, .currentContext: true
        default: false
        }
    }

    /// The styles presented by the first ancestor that defines a presentation context.
    var usesPresentationContext: Bool { self == .currentContext || self == .overCurrentContext }

    /// The styles a user can swipe down to dismiss.
    var isSheet: Bool { resolved == .pageSheet || resolved == .formSheet }

    /// The presentation controller class `_printHierarchy` names in "presented with:".
    var presentationControllerClass: String {
        switch resolved {
        case .fullScreen: "_UIFullscreenPresentationController"
        case .overFullScreen: "_UIOverFullscreenPresentationController"
        case .currentContext: "_UICurrentContextPresentationController"
        case .overCurrentContext: "_UIOverCurrentContextPresentationController"
        case .popover: "UIPopoverPresentationController"
        case .custom: "UIPresentationController"
        case .automatic, .pageSheet, .formSheet: "UISheetPresentationController"
        }
    }
}
