/// UINavigationController (docs/uikit-rules.md, rule 13): a stack whose top child's view fills the
/// container under its navigation bar; every stack change is `setViewControllers`.
extension ContainmentTree {
    func pushViewController(_ pushed: String, on navigation: String, animated: Bool) throws(ContainmentError) {
        let stack = nodes.controllers[existing: navigation].stack ?? []
        if nodes.controllers[existing: pushed].kind == .navigationController {
            throw .invalidArgumentException(code: "push_navigation_controller", "Pushing a navigation controller is not supported")
        }
        if stack.contains(pushed) {
            throw .invalidArgumentException(
                code: "push_same_instance",
                "Pushing the same view controller instance more than once is not supported (\(ContainmentError.describe(pushed)))")
        }
        try setNavigationStack(navigation, stack + [pushed], animated: animated, field: "args.viewController")
    }

    /// Popping the root does nothing.
    func popViewController(_ navigation: String, animated: Bool) throws(ContainmentError) {
        let stack = nodes.controllers[existing: navigation].stack ?? []
        guard stack.count > 1 else { return }
        try setNavigationStack(navigation, Array(stack.dropLast()), animated: animated, field: "args.animated")
    }

    /// `setViewControllers(_:animated:)`, which push and pop are: the removed get
    /// `willMove(nil)`, the added `addChild`; one visible transition from the old top to the
    /// new top at most; its completion removes the removed and calls didMove on the added.
    func setNavigationStack(_ navigation: String, _ newStack: [String], animated: Bool, field: String) throws(ContainmentError) {
        guard Set(newStack).count == newStack.count else {
            throw .invalidArgumentException(code: "duplicate_view_controllers", "All view controllers in a navigation controller must be distinct")
        }
        for id in newStack where nodes.controllers[existing: id].kind == .navigationController {
            throw .invalidArgumentException(code: "push_navigation_controller", "Pushing a navigation controller is not supported")
        }
        guard nodes.controllers[existing: navigation].interactivePop == nil else {
            throw .internalInconsistency(code: "interactive_pop_in_progress", "An interactive pop of \(ContainmentError.describe(navigation)) is in progress")
        }
        let oldTop = nodes.controllers[existing: navigation].stack?.last
        overtakeRunningTransitions(of: navigation, oldStack: nodes.controllers[existing: navigation].stack ?? [], newTop: newStack.last)
        guard let completion = try exchangeChildren(of: navigation, with: newStack, field: field) else { return }
        let listed = listChildren(of: navigation, as: newStack)
        try showContent(
            of: navigation, from: oldTop, to: listed.last, duration: animated ? Self.navigationDuration : 0, completion: completion)
    }

    // MARK: Interactive pop

    func beginInteractivePop(_ navigation: String) throws(ContainmentError) {
        let node = nodes.controllers[existing: navigation]
        let stack = node.stack ?? []
        guard node.interactivePop == nil else {
            throw .internalInconsistency(code: "interactive_pop_in_progress", "An interactive pop of \(ContainmentError.describe(navigation)) is in progress")
        }
        guard stack.count > 1, node.isViewLoaded else {
            throw .internalInconsistency(code: "nothing_to_pop", "\(ContainmentError.describe(navigation)) has nothing to pop")
        }
        finishRunningTransitions(of: navigation)
        let top = stack[stack.count - 1]
        let below = stack[stack.count - 2]
        willMove(top, toParent: nil)
        loadViewIfNeeded(below)
        let forwards = isOnScreen(node.viewID)
        if forwards {
            beginAppearanceTransition(top, appearing: false, animated: true, driver: .manual)
            beginAppearanceTransition(below, appearing: true, animated: true, driver: .manual)
        }
        setFrame(nodes.controllers[existing: below].viewID, contentFrame(of: navigation))
        try addSubview(nodes.controllers[existing: below].viewID, to: node.viewID, at: 0)
        // An override in the begins may have taken the navigation controller off screen
        // (rule 40): what began appearing there turns away, as in a push.
        if forwards, !isOnScreen(node.viewID), let view = readController(below, { $0.rootView }) {
            disappearWalk(from: view)
        }
        editController(navigation) { $0.interactivePop = InteractivePop(from: top, to: below, percent: 0) }
    }

    func updateInteractivePop(_ navigation: String, percent: Double) throws(ContainmentError) {
        guard nodes.controllers[existing: navigation].interactivePop != nil else {
            throw .internalInconsistency(code: "no_interactive_pop", "No interactive pop of \(ContainmentError.describe(navigation)) is in progress")
        }
        editController(navigation) { $0.interactivePop?.percent = percent }
    }

    /// Finish: the pop completes (top's "did", below's "did", top leaves). Cancel: both
    /// reverse (below will/did disappear, top will/did appear) and the stack stays. The
    /// transition coordinator reports the interaction's end first and its completion last
    /// (docs/uikit-rules-adaptivity.md, rule 35).
    func endInteractivePop(_ navigation: String, finish: Bool) throws(ContainmentError) {
        guard let pop = nodes.controllers[existing: navigation].interactivePop else {
            throw .internalInconsistency(code: "no_interactive_pop", "No interactive pop of \(ContainmentError.describe(navigation)) is in progress")
        }
        editController(navigation) { $0.interactivePop = nil }
        notifyInteractionChanges(navigation, cancelled: !finish)
        defer {
            completeAlongsideTransition(navigation, cancelled: !finish)
            if nodes.window.tellsNavigationDelegates {
                navigationDelegateEndSwipe(navigation, uncovered: pop.to, finished: finish)
            }
        }
        let began = nodes.controllers[existing: pop.from].appearanceDriver == .manual
        if finish {
            removeFromSuperview(nodes.controllers[existing: pop.from].viewID)
            // Only what the swipe still drives: one an override turned away ends with the turn.
            if began { settleManualAppearance(of: [pop.from, pop.to]) }
            // The "did" overrides may have taken the top out already, or moved it (rule 40).
            guard parentID(of: pop.from) == navigation else { return }
            editController(navigation) { node in
                if node.stack?.last == pop.from { node.stack?.removeLast() }
            }
            removeFromParentController(pop.from)
        } else {
            if began, !isOnScreen(nodes.controllers[existing: navigation].viewID) {
                settleManualAppearance(of: [pop.to, pop.from])
            } else if began {
                runAppearanceTransitions([(pop.to, false), (pop.from, true)])
            }
            removeFromSuperview(nodes.controllers[existing: pop.to].viewID)
            didMove(pop.from, toParent: navigation)
            flagMoving(pop.from, toParent: true)
        }
    }
}
