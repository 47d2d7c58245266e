/// What a presented controller's `transitioningDelegate` answers
/// (docs/uikit-rules-presentation.md, rule 44): its animator's `transitionDuration(using:)`,
/// and for the `custom` style the presentation controller it returns.
public struct TransitioningDelegate: Codable, Sendable, Equatable {
    /// Seconds the animator's presentation and dismissal take (default 0.5, UIKit's own).
    public var transitionDuration: Double?
    /// The presentation controller for the `custom` style (default: UIKit's own, which keeps
    /// the presenter's view).
    public var presentationController: CustomPresentationController?

    public init(transitionDuration: Double? = nil, presentationController: CustomPresentationController? = nil) {
        self.transitionDuration = transitionDuration
        self.presentationController = presentationController
    }
}

/// A `UIPresentationController` subclass as far as appearance depends on it.
public struct CustomPresentationController: Codable, Sendable, Equatable {
    /// `shouldRemovePresentersView`: whether the presenter's view leaves the window when the
    /// presentation ends, which makes the presenter disappear (UIKit's default: false).
    public var shouldRemovePresentersView: Bool?

    public init(shouldRemovePresentersView: Bool? = nil) {
        self.shouldRemovePresentersView = shouldRemovePresentersView
    }
}

extension ContainmentTree {
    static func validate(_ delegate: TransitioningDelegate?, field: String) throws(ContainmentError) {
        guard let duration = delegate?.transitionDuration else { return }
        guard duration.isFinite, duration >= 0, duration <= maximumDuration else {
            throw .invalidArgument(
                field: field + ".transitionDuration", "transitionDuration must be between 0 and \(Int(maximumDuration)) seconds")
        }
    }
}
