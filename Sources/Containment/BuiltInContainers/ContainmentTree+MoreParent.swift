/// A tab on More's stack is More's child, not the tab bar's (docs/uikit-rules.md, rule 14, "The
/// More navigation controller"): the snapshot says so, and the tab hears the moves onto and off
/// More's stack. The engine keeps its link to the tab bar, which still lists it as a tab.
extension ContainmentTree {
    /// The parent the API shows for `node`: More (`<tab bar>.more`) for the tab on More's stack.
    func shownParent(of node: borrowing ControllerNode) -> String? {
        guard let parent = node.parent else { return nil }
        let parentID = nodes.controllers.id(parent)
        return readController(parent, { $0.more?.top }) == node.id ? MoreNavigationState.id(of: parentID) : parentID
    }

    /// The children the API shows for `node`: a tab bar's without the tab on More's stack.
    func shownChildren(of node: borrowing ControllerNode) -> [String] {
        let children = childIDs(of: node)
        guard let top = node.more?.top else { return children }
        return children.filter { $0 != top }
    }

    /// The "will" half of More's stack changing its tab: More's pop tells `leaving`
    /// `willMove(nil)`; More's push takes `joining` from the tab bar (rule 1: `didMove(nil)`)
    /// and tells it `willMove(more)`.
    func beginMoreMove(_ tabBar: String, leaving: String?, joining: String?) {
        if let leaving, isTab(leaving, of: tabBar) { willMove(leaving, toParent: nil) }
        if let joining, isTab(joining, of: tabBar) {
            let before = nodes.controllers[tabBar].map { ($0.stack, $0.more) }
            didMove(joining, toParent: nil)
            // Unless that `didMove` override changed the tabs or More meanwhile (rule 40).
            guard let after = nodes.controllers[tabBar], after.stack == before?.0, after.more == before?.1 else { return }
            willMove(joining, toParent: MoreNavigationState.id(of: tabBar))
        }
    }

    /// The "did" half, once the appearance callbacks are told: `leaving` hears `didMove(nil)`
    /// and the tab bar takes it back (`willMove`, `didMove` to the tab bar); `joining`, still on
    /// More's stack, hears `didMove(more)`. What an override changed meanwhile is left out.
    func endMoreMove(_ tabBar: String, leaving: String?, joining: String?) {
        let top = nodes.controllers[tabBar]?.more?.top
        if let leaving, leaving != top, isTab(leaving, of: tabBar) {
            didMove(leaving, toParent: nil)
            // Back in the tab bar's children: not a move its view shows, so the flags More's pop
            // set stay (`isMovingFromParent` in its `viewDidDisappear`).
            emit(leaving, "willMove", ongoing.parentArguments(tabBar))
            runOverrides(leaving, .willMove, .parent(tabBar))
            didMove(leaving, toParent: tabBar)
        }
        if let joining, joining == top, isTab(joining, of: tabBar) {
            didMove(joining, toParent: MoreNavigationState.id(of: tabBar))
        }
    }

    /// Both halves at once, where no appearance callback comes between them (a change of
    /// width, the tabs replaced, a tab removed): More's tab was `oldTop` and is its top now.
    func followMoreTop(_ tabBar: String, from oldTop: String?) {
        let newTop = nodes.controllers[tabBar]?.more?.top
        guard newTop != oldTop else { return }
        beginMoreMove(tabBar, leaving: oldTop, joining: newTop)
        endMoreMove(tabBar, leaving: oldTop, joining: newTop)
    }

    /// More's back button (a user action, like `tapTabBarItem`): More pops the tab on its stack
    /// and shows its list, as a tap on the More item does while a tab on More is shown.
    func tapMoreBackButton(_ tabBar: String, field: String) throws(ContainmentError) {
        let node = nodes.controllers[existing: tabBar]
        guard node.isViewLoaded, isOnScreen(node.viewID) else {
            throw ContainmentError(
                kind: .exception, exceptionName: nil, code: "not_on_screen",
                message: "the tab bar of \(ContainmentError.describe(tabBar)) is not on screen, so More's back button cannot be tapped")
        }
        guard showsMore(tabBar), let top = node.more?.top, shownTab(of: tabBar) == top else {
            throw .invalidArgument(field: field, "More shows no tab, so it has no back button")
        }
        try popMoreToList(tabBar)
    }

    /// Whether `controller` is still one of `tabBar`'s tabs (an override may have moved it).
    private func isTab(_ controller: String, of tabBar: String) -> Bool {
        parentID(of: controller) == tabBar && nodes.controllers[tabBar]?.stack?.contains(controller) == true
    }
}
