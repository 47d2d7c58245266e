/// The More navigation controller (docs/uikit-rules.md, rule 14, "The More navigation
/// controller"): with more than five tabs in a compact width the tab bar shows the first four
/// and More, and a tab from the fifth on is shown on More's stack, above More's list.
extension ContainmentTree {
    /// UIKit's tab bar shows five items in a compact width: four tabs and More.
    static let moreTabIndex = 4

    /// Whether the tab bar shows a More item: more than five tabs in a compact width (those
    /// `compactTabIdentifiers` lists, when set with `tabs`).
    func showsMore(_ tabBar: String) -> Bool {
        nodes.controllers[existing: tabBar].compactBarTabs.count > Self.moreTabIndex + 1 && horizontalSizeClass(of: tabBar) == .compact
    }

    /// Whether `tab` is one More's list holds in a compact width: the fifth or a later tab of
    /// the compact tab bar.
    func isOnMoreList(_ tab: String, of tabBar: String) -> Bool {
        nodes.controllers[existing: tabBar].compactBarTabs.dropFirst(Self.moreTabIndex).contains(tab)
    }

    /// The tab whose view the tab bar controller shows: the selected one, or More's top while
    /// More itself is selected (none while More shows its list).
    func shownTab(of tabBar: String) -> String? {
        let node = nodes.controllers[existing: tabBar]
        if let more = node.more, more.isSelected { return more.top }
        return node.selectedIndex.flatMap { node.stack?[$0] }
    }

    /// Keeps the More state true to the tabs, the selection and the size class: there is one
    /// with more than five tabs; its top is the selected tab from the fifth on in a compact
    /// width.
    func settleMore(_ tabBar: String) {
        let node = nodes.controllers[existing: tabBar]
        let tabs = node.stack ?? []
        let onMore = node.compactBarTabs.dropFirst(Self.moreTabIndex)
        var state: MoreNavigationState?
        if onMore.count > 1 {
            var more = node.more ?? MoreNavigationState()
            if showsMore(tabBar) {
                if !more.isSelected, let index = node.selectedIndex {
                    more.top = onMore.contains(tabs[index]) ? tabs[index] : more.top
                }
                if let top = more.top, !onMore.contains(top) { more.top = nil }
            } else {
                more = MoreNavigationState()
            }
            state = more
        }
        if state != node.more { editController(tabBar) { $0.more = state } }
    }

    /// `selectedViewController = moreNavigationController`: More shows its stack as it stands
    /// (its top tab, or its list); `selectedIndex` becomes `NSNotFound`.
    func selectMore(_ tabBar: String, field: String) throws(ContainmentError) {
        guard try requireMoreItem(tabBar, field: field) else { return }
        supersedeBeginningTransitions(of: tabBar)
        // Letting the earlier switch go ran its callbacks, whose overrides may have made the
        // width regular (no More item left) or selected More already (rule 40).
        guard try requireMoreItem(tabBar, field: field) else { return }
        let old = shownTab(of: tabBar)
        editController(tabBar) { node in
            node.selectedIndex = nil
            node.more?.isSelected = true
        }
        let shown = shownTab(of: tabBar)
        try showContent(of: tabBar, from: old, to: shown, duration: 0, completion: [], appearingFirst: true)
        settleTabSwitch(tabBar, shown: shown)
    }

    /// Whether More can still be selected: refused without a More item; false when it is
    /// selected already.
    private func requireMoreItem(_ tabBar: String, field: String) throws(ContainmentError) -> Bool {
        guard showsMore(tabBar) else {
            throw .invalidArgument(field: field, "the tab bar shows no More item: it needs more than five tabs in a compact width")
        }
        return nodes.controllers[existing: tabBar].more?.isSelected != true
    }

    /// A tap on the More item while More (or a tab on its stack) is selected: More pops to its
    /// list, as a tap on a selected navigation controller's tab pops it to its root.
    func popMoreToList(_ tabBar: String) throws(ContainmentError) {
        supersedeBeginningTransitions(of: tabBar)
        // The item is gone if an override in the superseded switch made the width regular.
        guard showsMore(tabBar) else { return }
        let old = shownTab(of: tabBar)
        let top = nodes.controllers[existing: tabBar].more?.top
        beginMoreMove(tabBar, leaving: top, joining: nil)
        // An override that changed what More shows takes this pop's place.
        guard showsMore(tabBar), shownTab(of: tabBar) == old, nodes.controllers[existing: tabBar].more?.top == top else { return }
        editController(tabBar) { node in
            node.selectedIndex = nil
            node.more = MoreNavigationState(top: nil, isSelected: true)
        }
        try showContent(of: tabBar, from: old, to: nil, duration: 0, completion: [])
        endMoreMove(tabBar, leaving: top, joining: nil)
    }

    /// A tab bar controller whose horizontal size class changed: in a regular width the tab bar
    /// shows every tab, so a selected More selects its top tab (or the fifth); the shown tab's
    /// view is laid out under More's navigation bar or not.
    func adaptTabBarControllers(_ changed: [(String, SizeClass)]) throws(ContainmentError) {
        for (tabBar, _) in changed {
            guard let node = nodes.controllers[tabBar], node.kind == .tabBarController, let more = node.more else { continue }
            if more.isSelected, !showsMore(tabBar), let tabs = node.stack {
                let fifth = node.compactBarTabs.dropFirst(Self.moreTabIndex).first
                let index = (more.top ?? fifth).flatMap { tabs.firstIndex(of: $0) } ?? Self.moreTabIndex
                editController(tabBar) { node in
                    node.selectedIndex = index
                    node.more = MoreNavigationState()
                }
                // More's top stays shown: no switch (one selecting More may still be bringing
                // it in, from whose callback the width changed: rule 40).
                if more.top != tabs[index] {
                    try showContent(of: tabBar, from: more.top, to: tabs[index], duration: 0, completion: [], appearingFirst: true)
                    settleTabSwitch(tabBar, shown: tabs[index])
                }
            }
            settleMore(tabBar)
            // Laid out for the width; a view a switch is still bringing in goes in so.
            if let shown = shownTab(of: tabBar), let shownNode = nodes.controllers[shown], shownNode.isViewLoaded,
                [node.viewID, nil].contains(superviewID(of: shownNode.viewID))
            {
                setFrame(shownNode.viewID, contentFrame(of: tabBar))
            }
            // The tab moves between More's stack and the tab bar with no appearance callback.
            followMoreTop(tabBar, from: more.top)
        }
    }

    /// `customizableViewControllers = [...]` (or `nil`): which tabs More's Edit sheet may
    /// rearrange. Only the list is kept: the Edit sheet itself is not modelled.
    func setCustomizableViewControllers(_ tabBar: String, _ args: RawCallArguments) throws(ContainmentError) {
        let field = args.field("viewControllers")
        let list = try args.optionalStrings("viewControllers") ?? []
        let tabs = nodes.controllers[existing: tabBar].stack ?? []
        // Apple: "The subset of view controllers managed by this tab bar controller".
        for (index, controller) in list.enumerated() where !tabs.contains(controller) {
            throw .invalidArgument(field: field + "[\(index)]", "\(controller) is not one of the tabs")
        }
        editController(tabBar) { $0.customizableViewControllers = list }
    }
}
