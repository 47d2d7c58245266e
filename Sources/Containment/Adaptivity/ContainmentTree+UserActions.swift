/// What the user does, named like `beginInteractivePop` (docs/uikit-rules-adaptivity.md, rules
/// 36–37): a tap on a tab bar item, which asks the tab bar controller's delegate; the scene
/// moving between foreground and background, which tells the scene's delegate and no
/// controller.
extension ContainmentTree {
    /// A tap on the tab at `index`: `shouldSelect` (the delegate's answer, default true), then
    /// the selection as `selectedIndex` makes it, or, on the selected tab, its navigation
    /// controller popping to its root (animated); then `didSelect`, also for the selected tab.
    func tapTabBarItem(_ tabBar: String, index: Int, field: String) throws(ContainmentError) {
        try refuseViewControllersIfTabs(tabBar, method: "tapTabBarItem")
        let node = nodes.controllers[existing: tabBar]
        let tabs = node.stack ?? []
        guard index < tabs.count else { throw .invalidArgument(field: field, "index is beyond the tabs") }
        guard node.isViewLoaded, isOnScreen(node.viewID) else {
            throw ContainmentError(
                kind: .exception, exceptionName: nil, code: "not_on_screen",
                message: "the tab bar of \(ContainmentError.describe(tabBar)) is not on screen, so it cannot be tapped")
        }
        if index >= Self.moreTabIndex, showsMore(tabBar) {
            try tapMoreItem(tabBar, index: index, field: field)
            return
        }
        let tab = tabs[index]
        let allowed = node.answers.shouldSelect ?? true
        emit(tabBar, "shouldSelect", ["viewController": .string(tab), "result": .bool(allowed)])
        guard allowed else { return }
        if node.selectedIndex == index {
            try popTappedTabToRoot(tab, field: field)
        } else {
            try selectTab(tabBar, index)
        }
        emit(tabBar, "didSelect", ["viewController": .string(tab)])
    }

    /// A tap on the selected tab: its navigation controller pops to its root, animated.
    func popTappedTabToRoot(_ tab: String, field: String) throws(ContainmentError) {
        if let tabNode = nodes.controllers[tab], tabNode.kind == .navigationController, let root = tabNode.stack?.first,
            (tabNode.stack?.count ?? 0) > 1, tabNode.interactivePop == nil
        {
            try setNavigationStack(tab, [root], animated: true, field: field)
        }
    }

    /// A tap on the More item (the fifth, with more than five tabs in a compact width): the
    /// delegate is asked of the More navigation controller; More is selected, or, already
    /// selected, pops to its list.
    private func tapMoreItem(_ tabBar: String, index: Int, field: String) throws(ContainmentError) {
        guard index == Self.moreTabIndex else {
            throw .invalidArgument(field: field, "the tab bar shows four tabs and More (index 4): a later tab is chosen from More's list")
        }
        let more = MoreNavigationState.id(of: tabBar)
        let node = nodes.controllers[existing: tabBar]
        let allowed = node.answers.shouldSelect ?? true
        emit(tabBar, "shouldSelect", ["viewController": .string(more), "result": .bool(allowed)])
        guard allowed else { return }
        if node.more?.isSelected == true || (node.selectedIndex ?? 0) >= Self.moreTabIndex {
            if node.more?.top != nil { try popMoreToList(tabBar) }
        } else {
            try selectMore(tabBar, field: field)
        }
        emit(tabBar, "didSelect", ["viewController": .string(more)])
    }

    /// The scene's activation state changes: its delegate's callbacks in the order the scene
    /// passes through the states, and no appearance callback (the window stays as it is).
    func setActivationState(_ state: ActivationState) {
        let from = nodes.window.activationState
        guard state != from else { return }
        editWindow { $0.activationState = state }
        for callback in Self.sceneCallbacks(from: from, to: state) {
            // The scene's delegate is no controller: the event names none.
            ongoing.events.append(Event(seq: ongoing.nextSeq, batch: ongoing.nextBatch, tree: id, time: ongoing.now, controller: nil, callback: callback))
            ongoing.nextSeq += 1
        }
    }

    /// `UISceneDelegate`'s callbacks between two states: leaving the foreground resigns active
    /// first; coming back enters the foreground before becoming active.
    static func sceneCallbacks(from: ActivationState, to: ActivationState) -> [String] {
        switch (from, to) {
        case (.foregroundActive, .foregroundInactive): ["sceneWillResignActive"]
        case (.foregroundActive, .background): ["sceneWillResignActive", "sceneDidEnterBackground"]
        case (.foregroundInactive, .foregroundActive): ["sceneDidBecomeActive"]
        case (.foregroundInactive, .background): ["sceneDidEnterBackground"]
        case (.background, .foregroundInactive): ["sceneWillEnterForeground"]
        case (.background, .foregroundActive): ["sceneWillEnterForeground", "sceneDidBecomeActive"]
        default: []
        }
    }
}
