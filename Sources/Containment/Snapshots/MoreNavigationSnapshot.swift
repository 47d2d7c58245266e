/// A tab bar controller's More navigation controller as the API shows it: its id and the
/// app's controller on its stack above its list (docs/uikit-rules.md, rule 14).
public struct MoreNavigationSnapshot: Codable, Sendable, Equatable {
    public var id: String
    /// Empty while More shows its list.
    public var viewControllers: [String]

    public init(id: String, viewControllers: [String]) {
        self.id = id
        self.viewControllers = viewControllers
    }
}
