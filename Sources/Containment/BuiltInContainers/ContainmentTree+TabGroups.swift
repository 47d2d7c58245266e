/// iOS 18's `UITabGroup` (docs/uikit-rules.md, rule 14, "Tab groups"): tabs with children,
/// selected through their groups, and a group's managing navigation controller, whose stack
/// the tab bar controller builds from the selected tabs' controllers.
extension ContainmentTree {
    /// The tabs `setTabs` takes: shaped as `validateTabShapes` says, each controller existing
    /// and in one tab only, a managing navigation controller a navigation controller.
    func validateTabs(_ tabs: [Tab], field: String) throws(ContainmentError) {
        var identifiers: Set<String> = []
        try Self.validateTabShapes(tabs, field: field, depth: 1, identifiers: &identifiers)
        var controllers: Set<String> = []
        try validateTabControllers(tabs, field: field, controllers: &controllers)
    }

    /// Identifiers valid and unique across all the tabs, root tabs with a controller, group
    /// fields only on groups, a group's `selectedChild` and `defaultChildIdentifier` among its
    /// children, and no deeper than `Tab.maximumDepth`.
    static func validateTabShapes(_ tabs: [Tab], field: String, depth: Int, identifiers: inout Set<String>) throws(ContainmentError) {
        for (index, tab) in tabs.enumerated() {
            let path = field + "[\(index)]."
            guard TreeValidation.isValidNodeID(tab.identifier) else {
                throw .invalidArgument(field: path + "identifier", "a tab's identifier must match [A-Za-z0-9._-]{1,64}")
            }
            // Apple: "Each identifier must be unique across all the tabs managed by a UITabBarController."
            guard identifiers.insert(tab.identifier).inserted else {
                throw .invalidArgument(field: path + "identifier", "identifier \(tab.identifier) is another tab's: identifiers are unique")
            }
            // Apple's `UITab.viewController`: "For root level tabs, the view controller for the tab must be non-nil."
            if depth == 1, tab.viewController == nil {
                throw .invalidArgument(field: path + "viewController", "a root tab's view controller must be non-nil")
            }
            guard let children = tab.children else {
                let groupFields = [
                    ("selectedChild", tab.selectedChild), ("defaultChildIdentifier", tab.defaultChildIdentifier),
                    ("managingNavigationController", tab.managingNavigationController),
                ]
                if let (name, _) = groupFields.first(where: { $0.1 != nil }) {
                    throw .invalidArgument(field: path + name, "only a tab group (a tab with children) has \(name)")
                }
                continue
            }
            guard depth < Tab.maximumDepth else {
                throw .invalidArgument(
                    field: path + "children", "tabs nest at most \(Tab.maximumDepth) deep (a root tab and \(Tab.maximumDepth - 1) levels of groups)")
            }
            for (name, value) in [("selectedChild", tab.selectedChild), ("defaultChildIdentifier", tab.defaultChildIdentifier)] {
                if let value, !children.contains(where: { $0.identifier == value }) {
                    throw .invalidArgument(field: path + name, "\(name) must be the identifier of one of the group's children")
                }
            }
            try validateTabShapes(children, field: path + "children", depth: depth + 1, identifiers: &identifiers)
        }
    }

    private func validateTabControllers(_ tabs: [Tab], field: String, controllers: inout Set<String>) throws(ContainmentError) {
        for (index, tab) in tabs.enumerated() {
            let path = field + "[\(index)]."
            if let controller = tab.viewController {
                try requireController(controller, field: path + "viewController")
                guard controllers.insert(controller).inserted else {
                    throw .invalidArgument(field: path + "viewController", "\(controller) is already another tab's view controller")
                }
            }
            if let navigation = tab.managingNavigationController {
                try requireController(navigation, field: path + "managingNavigationController")
                guard nodes.controllers[existing: navigation].kind == .navigationController else {
                    throw .invalidArgument(field: path + "managingNavigationController", "\(navigation) is not a navigation controller")
                }
                guard controllers.insert(navigation).inserted else {
                    throw .invalidArgument(field: path + "managingNavigationController", "\(navigation) is already another tab's controller")
                }
            }
            try validateTabControllers(tab.children ?? [], field: path + "children", controllers: &controllers)
        }
    }

    /// Selects `path`'s last tab: each group on the way (and below, down to a tab that is not
    /// a group) selects the next, the managing group's stack is built, then the root tab is
    /// selected as `selectedIndex` does, showing that stack.
    func selectTabPath(_ tabBar: String, _ path: [Tab], field: String) throws(ContainmentError) {
        let index = try tabIndex(tabBar, path[0].identifier, field: field)
        let selection = Tab.selectionPath(path)
        if selection.count > 1 {
            editController(tabBar) { node in node.tabs = Tab.selecting(selection[...], in: node.tabs ?? []) }
        }
        try buildManagedStack(tabBar, for: selection)
        try selectTab(tabBar, index)
    }

    /// `selectedIndex` and `selectedViewController`: a tab group there is selected as
    /// `selectedTab` selects it (down to a child, its managed stack built); other tabs as before.
    func selectRootTab(_ tabBar: String, _ index: Int, field: String) throws(ContainmentError) {
        let node = nodes.controllers[existing: tabBar]
        if let tabs = node.tabs, let stack = node.stack, let group = tabs.first(where: { $0.children != nil && $0.rootController == stack[index] }) {
            try selectTabPath(tabBar, [group], field: field)
        } else {
            try selectTab(tabBar, index)
        }
    }

    /// The selected tabs, root first: the selected root tab, then each group's selected child.
    static func selectedTabPath(of node: ControllerNode) -> [Tab] {
        guard let root = selectedTab(of: node) else { return [] }
        return Tab.selectionPath([root])
    }

    /// Apple's `managingNavigationController`: the root-most group on the selection `path` that
    /// has one sets its stack to the controllers of the tabs from that group down to the
    /// selected tab (those without one skipped), each as the delegate's
    /// `displayedViewControllersFor` answers; nothing when the stack already is that.
    func buildManagedStack(_ tabBar: String, for path: [Tab]) throws(ContainmentError) {
        let node = nodes.controllers[existing: tabBar]
        // Apple: "When multiple navigation controllers are set on nested groups, the root-most controller is used."
        guard let start = path.firstIndex(where: { $0.managingNavigationController != nil }),
            let navigation = path[start].managingNavigationController
        else { return }
        _ = try requireController(navigation, field: "tabs")
        let delegate = node.answers.tabBarControllerDelegate == true
        let current = nodes.controllers[existing: navigation].stack ?? []
        var stack: [String] = []
        for position in start..<path.count {
            let tab = path[position]
            var proposed = tab.viewController.map { [$0] } ?? []
            // Apple: pushed controllers "will be part of the last (leaf-most) tab's proposedViewControllers".
            if position == path.count - 1, let controller = tab.viewController, let at = current.firstIndex(of: controller) {
                proposed = Array(current[at...])
            }
            var displayed = proposed
            if delegate {
                displayed = node.answers.displayedViewControllers?[tab.identifier] ?? proposed
                emit(
                    tabBar, "displayedViewControllersFor",
                    [
                        "tab": .string(tab.identifier), "proposedViewControllers": .array(proposed.map(JSONValue.string)),
                        "result": .array(displayed.map(JSONValue.string)),
                    ])
            }
            stack += displayed
        }
        guard stack != current else { return }
        try setNavigationStack(navigation, stack, animated: false, field: "tabs")
    }
}
