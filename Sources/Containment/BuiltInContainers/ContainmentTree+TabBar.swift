/// UITabBarController (docs/uikit-rules.md, rule 14): tabs whose selected child's view is the only one
/// in the container's view, above its tab bar.
extension ContainmentTree {
    /// `setViewControllers` on a tab bar: the selected tab stays selected if kept, else the tab
    /// at its index, else the first; only the selected child's view is in the hierarchy.
    func setTabs(_ tabBar: String, _ tabs: [String], field: String) throws(ContainmentError) {
        guard Set(tabs).count == tabs.count else {
            throw .invalidArgumentException(code: "duplicate_view_controllers", "All view controllers in a tab bar controller must be distinct")
        }
        supersedeBeginningTransitions(of: tabBar)
        guard let completion = try exchangeChildren(of: tabBar, with: tabs, field: field) else { return }
        // Read after the adds, whose overrides may have selected a tab (rule 40).
        let node = nodes.controllers[existing: tabBar]
        let oldSelected = shownTab(of: tabBar)
        let oldTop = node.more?.top
        let moreSelected = node.more?.isSelected == true
        let listed = listChildren(of: tabBar, as: tabs)
        var newSelected = Self.reselectedIndex(of: moreSelected ? nil : oldSelected, at: node.selectedIndex, in: listed)
        // More's stack goes back to its list; a selected More stays selected while shown.
        let keepsMore = moreSelected && showsMore(tabBar)
        if keepsMore { newSelected = nil }
        editController(tabBar) { node in
            node.selectedIndex = newSelected
            node.more = keepsMore ? MoreNavigationState(top: nil, isSelected: true) : nil
            // Apple: changing `viewControllers` also changes `customizableViewControllers`.
            node.customizableViewControllers = nil
        }
        settleMore(tabBar)
        let shown = shownTab(of: tabBar)
        try showContent(of: tabBar, from: oldSelected, to: shown, duration: 0, completion: completion, appearingFirst: true)
        settleTabSwitch(tabBar, shown: shown)
        // More's stack follows the new tabs once they are in.
        followMoreTop(tabBar, from: oldTop)
    }

    /// Rule 14: synchronously hides the old tab and shows the new one, in the order of real
    /// UIKit logs (docs/uikit-rules-corrections.md): new.viewWillAppear, old.viewWillDisappear,
    /// new.viewIsAppearing, old.viewDidDisappear, new.viewDidAppear. The new tab's view loads
    /// on first selection; selecting the current tab does nothing.
    func selectTab(_ tabBar: String, _ index: Int) throws(ContainmentError) {
        let before = nodes.controllers[existing: tabBar]
        guard before.selectedIndex != index, let stack = before.stack, stack.indices.contains(index) else { return }
        let tab = stack[index]
        supersedeBeginningTransitions(of: tabBar)
        // Letting the earlier switch go ran its callbacks, whose overrides may have removed
        // tabs (the tab moves to another index, or is gone) or selected it already (rule 40).
        let node = nodes.controllers[existing: tabBar]
        guard let tabs = node.stack, let index = tabs.firstIndex(of: tab), node.selectedIndex != index else { return }
        let old = shownTab(of: tabBar)
        // From one tab on More's stack to another, More's navigation controller swaps them.
        let withinMore = old != nil && old == node.more?.top && isOnMoreList(tabs[index], of: tabBar) && showsMore(tabBar)
        // A tab from the fifth on goes onto More's stack, whose tab leaves it.
        let oldTop = node.more?.top
        let newTop = isOnMoreList(tabs[index], of: tabBar) && showsMore(tabBar) ? tabs[index] : oldTop
        if newTop != oldTop {
            beginMoreMove(tabBar, leaving: oldTop, joining: newTop)
            // An override that changed the tabs or the selection takes this selection's place.
            let now = nodes.controllers[existing: tabBar]
            guard now.stack == tabs, now.selectedIndex == node.selectedIndex, now.more == node.more else { return }
        }
        editController(tabBar) { node in
            node.selectedIndex = index
            node.more?.isSelected = false
        }
        settleMore(tabBar)
        try showContent(of: tabBar, from: old, to: tabs[index], duration: 0, completion: [], appearingFirst: !withinMore)
        settleTabSwitch(tabBar, shown: tabs[index])
        if newTop != oldTop { endMoreMove(tabBar, leaving: oldTop, joining: newTop) }
    }

    /// Ends a tab switch within the call: the shown tab (and what it forwards to) gets
    /// `viewIsAppearing` before the old tab's `viewDidDisappear`, then the "did"s.
    func settleTabSwitch(_ tabBar: String, shown: String?) {
        // Selected again from its own `viewWillDisappear` override, whose view never left: it
        // appears again (rule 14).
        if let shown, let index = controllerHandle(named: shown),
            let rootView = readController(index, { $0.appearance == .disappearing ? $0.rootView : nil }),
            nodes.window.visible, readView(rootView, { $0.inWindow })
        {
            appearWalk(from: rootView)
        }
        if let shown, case .transition = nodes.controllers[shown]?.appearanceDriver {
            for controller in [shown] + forwardedDescendants(of: shown) {
                if let index = controllerHandle(named: controller) { deliverIsAppearing(controller, at: index) }
            }
        }
        finishRunningTransitions(of: tabBar)
    }

    /// The tab `setViewControllers` selects: the one selected before if kept, else the one at the
    /// old selection's index, else the first (Apple's `viewControllers` reference).
    static func reselectedIndex(of oldSelected: String?, at oldIndex: Int?, in tabs: [String]) -> Int? {
        guard !tabs.isEmpty else { return nil }
        if let oldSelected, let kept = tabs.firstIndex(of: oldSelected) { return kept }
        if let oldIndex, oldIndex < tabs.count { return oldIndex }
        return 0
    }
}
