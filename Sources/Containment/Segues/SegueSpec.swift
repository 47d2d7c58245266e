/// A storyboard segue leaving a controller (docs/uikit-rules-segues.md, rules 45–46).
public struct SegueSpec: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// Interface Builder's "Show": pushed on the nearest navigation controller, else presented.
        case show
        /// "Present Modally".
        case present
        /// A container view's embed segue, performed when the source's view loads.
        case embed
        /// An unwind segue to the controller that answers its `action`.
        case unwind
    }

    public var identifier: String
    public var kind: Kind
    /// The destination controller's id (show, present, embed).
    public var destination: String?
    /// The unwind action method the destination implements (unwind).
    public var action: String?
    /// The container view to embed in (embed; default: the source's root view).
    public var containerView: String?
    /// Whether the transition animates (show, present, unwind; default true).
    public var animated: Bool?
    /// What the source's `shouldPerformSegue(withIdentifier:sender:)` returns (default true).
    public var shouldPerform: Bool?

    public init(
        identifier: String, kind: Kind, destination: String? = nil, action: String? = nil, containerView: String? = nil,
        animated: Bool? = nil, shouldPerform: Bool? = nil
    ) {
        self.identifier = identifier
        self.kind = kind
        self.destination = destination
        self.action = action
        self.containerView = containerView
        self.animated = animated
        self.shouldPerform = shouldPerform
    }
}
