/// What the user does, named like `beginInteractivePop` (docs/uikit-rules-adaptivity.md, rules
/// 36–37): a tap on a tab bar item, which asks the tab bar controller's delegate; the scene
/// moving between foreground and background, which tells the scene's delegate and no
/// controller.
extension ContainmentTree {
    /// A tap on the tab at `index`: `shouldSelect` (the delegate's answer, default true), then
    /// the selection as `selectedIndex` makes it, or, on the selected tab, its navigation
    /// controller popping to its root (animated); then `didSelect`, also for the selected tab.
    func tapTabBarItem(_ tabBar: String, index: Int, field: String) throws(ContainmentError) {
        let node = nodes.controllers[existing: tabBar]
        let tabs = node.stack ?? []
        guard index < tabs.count else { throw .invalidArgument(field: field, "index is beyond the tabs") }
        guard node.isViewLoaded, isOnScreen(node.viewID) else {
            throw ContainmentError(
                kind: .exception, exceptionName: nil, code: "not_on_screen",
                message: "the tab bar of \(ContainmentError.describe(tabBar)) is not on screen, so it cannot be tapped")
        }
        let tab = tabs[index]
        let allowed = node.answers.shouldSelect ?? true
        emit(tabBar, "shouldSelect", ["viewController": .string(tab), "result": .bool(allowed)])
        guard allowed else { return }
        if node.selectedIndex == index {
            if let tabNode = nodes.controllers[tab], tabNode.kind == .navigationController, let root = tabNode.stack?.first,
                (tabNode.stack?.count ?? 0) > 1, tabNode.interactivePop == nil
            {
                try setNavigationStack(tab, [root], animated: true, field: field)
            }
        } else {
            try selectTab(tabBar, index)
        }
        emit(tabBar, "didSelect", ["viewController": .string(tab)])
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
