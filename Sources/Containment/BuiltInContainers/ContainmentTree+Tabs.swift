/// iOS 18's `UITab` on `UITabBarController` (docs/uikit-rules.md, rule 14, "Tabs"): root tabs
/// whose controllers are the tab bar's `viewControllers`, selected by identifier; the tab bar's
/// selection machinery is rule 14's.
extension ContainmentTree {
    /// `setTabs(_:animated:)` and the `tabs` setter: the tabs' controllers replace the tab bar's
    /// children as `setViewControllers` does (rule 14, "Replacing the tabs"), and the tab bar
    /// keeps using tabs from then on.
    func setRootTabs(_ tabBar: String, _ tabs: [Tab], field: String) throws(ContainmentError) {
        try validateTabs(tabs, field: field)
        editController(tabBar) { $0.tabs = tabs }
        try setTabs(tabBar, tabs.map { $0.rootController ?? "" }, field: field)
        // Tabs set from an override inside these ones' exchange may have changed the list or
        // the children last: the tabs follow the children, each described by the latest call.
        let node = nodes.controllers[existing: tabBar]
        let stack = node.stack ?? []
        if stack != node.tabs?.map({ $0.rootController ?? "" }) {
            let known = stack == tabs.map({ $0.rootController ?? "" }) ? tabs : (node.tabs ?? []) + tabs
            editController(tabBar) { node in
                node.tabs = stack.compactMap { controller in known.first { $0.rootController == controller } }
            }
        }
        try buildManagedStack(tabBar, for: Self.selectedTabPath(of: nodes.controllers[existing: tabBar]))
    }

    /// The `selectedTab` setter: code selects the tab's root tab as `selectedIndex` does, with no
    /// delegate call; a descendant also updates its groups' `selectedChild` and managed stack.
    func setSelectedTab(_ tabBar: String, _ identifier: String, field: String) throws(ContainmentError) {
        let path = try tabPath(tabBar, identifier, field: field)
        try selectTabPath(tabBar, path, field: field)
    }

    /// A PATCH's `tabs` (the setter, not animated), then its `selectedTab`.
    func applyTabs(_ patch: ControllerPatch, to tabBar: String) throws(ContainmentError) {
        guard nodes.controllers[existing: tabBar].kind == .tabBarController else {
            throw .invalidArgument(field: patch.tabs != nil ? "tabs" : "selectedTab", "only tab bar controllers have tabs")
        }
        if let tabs = patch.tabs { try setRootTabs(tabBar, tabs, field: "tabs") }
        if let selectedTab = patch.selectedTab { try setSelectedTab(tabBar, selectedTab, field: "selectedTab") }
    }

    /// The user's tap on a tab: the delegate's `shouldSelectTab` (default true), then the switch
    /// as `selectedTab` makes it, or on the selected tab rule 36's pop to the root; then
    /// `didSelectTab`. Both delegate calls only with `tabBarControllerDelegate`.
    func tapTab(_ tabBar: String, _ identifier: String, field: String) throws(ContainmentError) {
        let path = try tabPath(tabBar, identifier, field: field)
        let index = try tabIndex(tabBar, path[0].identifier, field: field)
        let node = nodes.controllers[existing: tabBar]
        guard node.isViewLoaded, isOnScreen(node.viewID) else {
            throw ContainmentError(
                kind: .exception, exceptionName: nil, code: "not_on_screen",
                message: "the tab bar of \(ContainmentError.describe(tabBar)) is not on screen, so it cannot be tapped")
        }
        if let hidden = path.first(where: \.isHidden) {
            throw ContainmentError(
                kind: .exception, exceptionName: nil, code: "tab_hidden", message: "tab \(hidden.identifier) is hidden: it is not in the tab bar")
        }
        // Apple's `UITab.isEnabled`: "When NO, tabs … cannot be selected by the user".
        if let disabled = path.first(where: { !$0.isEnabled }) {
            throw ContainmentError(
                kind: .exception, exceptionName: nil, code: "tab_disabled",
                message: "tab \(disabled.identifier) is disabled: the user cannot select it")
        }
        try refuseTapOutsideCompactTabs(tabBar, rootTab: path[0].identifier)
        if isOnMoreList((node.stack ?? [])[index], of: tabBar), showsMore(tabBar) {
            throw .invalidArgument(field: field, "tab \(identifier) is on More's list, which tabs do not model: only the first four can be tapped")
        }
        let previous = Self.selectedTabPath(of: node).last?.identifier
        let delegate = node.answers.tabBarControllerDelegate == true
        if delegate {
            let allowed = node.answers.shouldSelectTab ?? true
            emit(tabBar, "shouldSelectTab", ["tab": .string(identifier), "result": .bool(allowed)])
            guard allowed else { return }
        }
        if path.count == 1, Self.selectedTab(of: node)?.identifier == identifier, let controller = path[0].rootController {
            try popTappedTabToRoot(controller, field: field)
        } else {
            try selectTabPath(tabBar, path, field: field)
        }
        if delegate {
            let selected = Self.selectedTabPath(of: nodes.controllers[existing: tabBar]).last?.identifier ?? identifier
            emit(tabBar, "didSelectTab", ["selectedTab": .string(selected), "previousTab": previous.map(JSONValue.string) ?? .null])
        }
    }

    /// The tab bar's selected root tab: none while More itself, or nothing, is selected.
    static func selectedTab(of node: ControllerNode) -> Tab? {
        guard let tabs = node.tabs, node.more?.isSelected != true, let index = node.selectedIndex, let stack = node.stack, stack.indices.contains(index)
        else { return nil }
        return tabs.first { $0.rootController == stack[index] }
    }

    /// The refusal of a `viewControllers` call on a tab bar given tabs: the service's own rule,
    /// as Apple says only that those methods "will not be called" once `tabs` is set.
    func refuseViewControllersIfTabs(_ tabBar: String, method: String) throws(ContainmentError) {
        guard nodes.controllers[existing: tabBar].tabs != nil else { return }
        throw ContainmentError(
            kind: .exception, exceptionName: nil, code: "tabs_in_use",
            message: "\(ContainmentError.describe(tabBar)) uses tabs: \(method) is not used once tabs are set (use setTabs, setSelectedTab or tapTab)")
    }

    /// A spec's `tabs` and `selectedTab`: a tab bar's, instead of `viewControllers`, with tabs
    /// shaped as `setTabs` takes them and a selected tab among them, at any level.
    func validateTabFields(_ spec: ControllerSpec, kind: ControllerKind, path: String) throws(ContainmentError) {
        let tabs = spec.tabs?.map(\.tab)
        if let tabs {
            guard kind == .tabBarController else { throw .invalidArgument(field: path + "tabs", "only tab bar controllers have tabs") }
            if spec.viewControllers != nil {
                throw .invalidArgument(field: path + "viewControllers", "a tab bar controller given tabs has no viewControllers of its own")
            }
            var identifiers: Set<String> = []
            try Self.validateTabShapes(tabs, field: path + "tabs", depth: 1, identifiers: &identifiers)
        }
        if let selectedTab = spec.selectedTab, Tab.path(to: selectedTab, in: tabs ?? []) == nil {
            throw .invalidArgument(field: path + "selectedTab", "selectedTab must be the identifier of one of the tabs")
        }
    }

    /// `setTabs`' list of tabs, each an object as the spec writes it.
    func tabList(_ args: RawCallArguments, _ key: String) throws(ContainmentError) -> [Tab] {
        guard case .array(let items)? = args.json(key) else { throw .invalidArgument(field: args.field(key), "argument \(key) must be a list of tabs") }
        var tabs: [Tab] = []
        for (index, item) in items.enumerated() { tabs.append(try Tab.parse(item, field: args.field(key) + "[\(index)]")) }
        return tabs
    }

    /// The root tab's index in `viewControllers`, which an override run while the tabs are
    /// being replaced may see before they hold the tab's controller.
    func tabIndex(_ tabBar: String, _ identifier: String, field: String) throws(ContainmentError) -> Int {
        let node = nodes.controllers[existing: tabBar]
        guard let tab = node.tabs?.first(where: { $0.identifier == identifier }) else {
            throw .invalidArgument(field: field, "no tab has the identifier \(identifier)")
        }
        // Between an exchange of children and its new selection, `selectedIndex` may name no tab.
        guard let stack = node.stack, let controller = tab.rootController, let index = stack.firstIndex(of: controller),
            node.selectedIndex.map(stack.indices.contains) ?? true
        else {
            throw .invalidArgument(field: field, "tab \(identifier) is being set: the tab bar's tabs are being replaced")
        }
        return index
    }

    /// The tabs from the root tab down to the one with this identifier.
    private func tabPath(_ tabBar: String, _ identifier: String, field: String) throws(ContainmentError) -> [Tab] {
        guard let tabs = nodes.controllers[existing: tabBar].tabs else {
            throw .invalidArgument(field: field, "\(ContainmentError.describe(tabBar)) has no tabs: it uses viewControllers")
        }
        guard let path = Tab.path(to: identifier, in: tabs) else { throw .invalidArgument(field: field, "no tab has the identifier \(identifier)") }
        return path
    }
}
