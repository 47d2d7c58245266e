/// A root tab in a tab bar controller's spec (docs/uikit-rules.md, rule 14, "Tabs"): a `Tab`
/// whose `viewController` is declared in place, as `viewControllers` declares its controllers.
public struct TabSpec: Codable, Sendable, Equatable {
    public var identifier: String
    public var title: String?
    /// The controller the tab's view controller provider returns, built with the tree.
    public var viewController: ControllerSpec
    public var isEnabled: Bool?
    public var isHidden: Bool?

    public init(identifier: String, title: String? = nil, viewController: ControllerSpec, isEnabled: Bool? = nil, isHidden: Bool? = nil) {
        self.identifier = identifier
        self.title = title
        self.viewController = viewController
        self.isEnabled = isEnabled
        self.isHidden = isHidden
    }

    /// The tab the spec sets, naming its controller by id.
    var tab: Tab {
        Tab(identifier: identifier, title: title, viewController: viewController.id, isEnabled: isEnabled ?? true, isHidden: isHidden ?? false)
    }
}
