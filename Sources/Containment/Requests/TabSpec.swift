/// A tab in a tab bar controller's spec (docs/uikit-rules.md, rule 14, "Tabs"): a `Tab` whose
/// controllers are declared in place, as `viewControllers` declares its controllers.
public struct TabSpec: Codable, Sendable, Equatable {
    public var identifier: String
    public var title: String?
    /// The controller the tab's view controller provider returns, built with the tree.
    public var viewController: ControllerSpec?
    public var isEnabled: Bool?
    public var isHidden: Bool?
    /// A `UITabGroup`'s children, declared as the root tabs are.
    public var children: [TabSpec]?
    public var selectedChild: String?
    public var defaultChildIdentifier: String?
    /// The group's managing navigation controller, built with the tree.
    public var managingNavigationController: ControllerSpec?

    public init(
        identifier: String, title: String? = nil, viewController: ControllerSpec?, isEnabled: Bool? = nil, isHidden: Bool? = nil,
        children: [TabSpec]? = nil, selectedChild: String? = nil, defaultChildIdentifier: String? = nil,
        managingNavigationController: ControllerSpec? = nil
    ) {
        self.identifier = identifier
        self.title = title
        self.viewController = viewController
        self.isEnabled = isEnabled
        self.isHidden = isHidden
        self.children = children
        self.selectedChild = selectedChild
        self.defaultChildIdentifier = defaultChildIdentifier
        self.managingNavigationController = managingNavigationController
    }

    /// The tab the spec sets, naming its controllers by id.
    var tab: Tab {
        Tab(
            identifier: identifier, title: title, viewController: viewController?.id, isEnabled: isEnabled ?? true, isHidden: isHidden ?? false,
            children: children?.map(\.tab), selectedChild: selectedChild, defaultChildIdentifier: defaultChildIdentifier,
            managingNavigationController: managingNavigationController?.id)
    }

    /// The controllers the tab and its children declare, with their field paths.
    func controllerSpecs(path: String) -> [(ControllerSpec, String)] {
        var result: [(ControllerSpec, String)] = []
        if let viewController { result.append((viewController, path + "viewController.")) }
        if let managingNavigationController { result.append((managingNavigationController, path + "managingNavigationController.")) }
        for (index, child) in (children ?? []).enumerated() { result += child.controllerSpecs(path: path + "children[\(index)].") }
        return result
    }
}
