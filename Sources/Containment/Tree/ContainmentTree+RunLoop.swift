/// The end of a run-loop turn: what UIKit delivers after the code of the turn has run.
extension ContainmentTree {
    /// Ends the turn: `viewIsAppearing` for what began appearing (also under a running
    /// transition), the layout pass, the view-driven "did" callbacks, settled moving flags; then transitions due by `now`, each
    /// completing as a turn of its own, in due order.
    func flushTurn() {
        while true {
            reconcileTraits()
            if !time.scheduler.deferredEnds.isEmpty || !time.scheduler.pendingLayout.isEmpty || !time.scheduler.pendingIsAppearing.isEmpty {
                // Filtered (a new list) only when one of them was deleted during the turn.
                let taken = takeTurnList(.deferredEnds)
                let ends = orphansBeforeTheirEnclosingController(
                    taken.allSatisfy { nodes.controllers.contains($0) } ? taken : taken.filter { nodes.controllers.contains($0) })
                let appearing = takeTurnList(.pendingIsAppearing)
                for index in appearing where nodes.controllers.contains(index) {
                    // After its superview laid its view out, before its own layout (rule 42).
                    layOutOwners(above: index)
                    deliverIsAppearing(nodes.controllers.id(index), at: index)
                    layOutIfNeeded(index)
                }
                runLayoutPass()
                for index in ends {
                    guard nodes.controllers.contains(index),
                        readController(
                            index,
                            { node in
                                node.appearanceDriver == .turn && (node.appearance == .appearing || node.appearance == .disappearing)
                            })
                    else { continue }
                    endAppearance(nodes.controllers.id(index), at: index)
                }
                continue
            }
            completeAwaitingPages()
            // A `didMove` override may set pages that await again (rule 40): they are this turn's too.
            if !time.scheduler.deferredEnds.isEmpty || !time.scheduler.pendingLayout.isEmpty || !time.scheduler.pendingIsAppearing.isEmpty
                || !time.scheduler.pagesAwaitingAppearance.isEmpty
            {
                continue
            }
            clearSettledMovingFlags()
            guard let due = nextDueTransition() else { return }
            // An animation time completes, not the request: failures in the overrides it runs
            // are logged (rule 40). One without a duration is the request's own.
            if let record = time.scheduler.running[due], record.duration > 0 || record.startedAt < ongoing.now {
                logOverrideFailures()
            }
            completeTransition(due)
        }
    }

    /// `viewIsAppearing` for a controller that began appearing and has not had it yet; a
    /// manually driven one gets it from its `endAppearanceTransition()` instead.
    func deliverIsAppearing(_ controller: String, at index: NodeHandle) {
        guard
            let (animated, moving) = readController(
                index,
                { node in
                    node.appearanceDriver != .manual && node.appearance == .appearing && !node.sentIsAppearing
                        ? (node.appearanceAnimated, node.moving) : nil
                })
        else { return }
        emit(controller, "viewIsAppearing", EventArguments.animated(animated), moving: moving)
        editController(index) { $0.sentIsAppearing = true }
        runOverrides(controller, .viewIsAppearing, .animated(animated))
    }

    func runLayoutPass() {
        let pending = takeTurnList(.pendingLayout)
        for index in pending where nodes.controllers.contains(index) {
            layOutIfNeeded(index)
        }
    }

    /// The layout pass of one controller, if it needs one: on screen its view is laid out,
    /// off screen the need is dropped.
    func layOutIfNeeded(_ index: NodeHandle) {
        let (needsLayout, rootView) = readController(index) { ($0.needsLayout, $0.rootView) }
        guard needsLayout else { return }
        if let rootView, nodes.window.visible, nodes.views[rootView].inWindow {
            layout(nodes.controllers.id(index), at: index)
        } else {
            editController(index) { $0.needsLayout = false }
        }
    }

    /// Lays out, top down, the controllers above `index` whose views still need a layout:
    /// UIKit calls `viewIsAppearing` once the superview has laid the view out (Apple's
    /// `viewIsAppearing(_:)` documentation; rule 42). The walk up stops at the first that
    /// needs none, so a deep tree appearing at once costs a step per controller.
    func layOutOwners(above index: NodeHandle) {
        guard !time.scheduler.pendingLayout.isEmpty,
            let superview = readController(index, { $0.rootView }).flatMap({ readView($0) { $0.superview } })
        else { return }
        var chain: [NodeHandle] = []
        var current = nearestOwner(from: superview)
        var budget = WalkBudget("owners to lay out", nodes: nodes.controllers.count)
        while let owner = current, readController(owner, { $0.needsLayout }) {
            guard visit(&budget) else { break }
            chain.append(owner)
            current = readController(owner, { $0.rootView }).flatMap { readView($0) { $0.superview } }.flatMap { nearestOwner(from: $0) }
        }
        for owner in chain.reversed() {
            layOutIfNeeded(owner)
        }
    }

    /// isMovingToParent/isMovingFromParent stay true until the move's appearance
    /// transition is over (or at once when there is none).
    func clearSettledMovingFlags() {
        guard !time.scheduler.movingFlagged.isEmpty else { return }
        var stillMoving: [NodeHandle] = []
        for index in time.scheduler.movingFlagged where nodes.controllers.contains(index) {
            let (state, isFlagged) = readController(index) { ($0.appearance, $0.isMovingToParent || $0.isMovingFromParent) }
            if state == .appearing || state == .disappearing {
                stillMoving.append(index)
            } else if isFlagged {
                editController(index) { node in
                    node.isMovingToParent = false
                    node.isMovingFromParent = false
                }
            }
        }
        if stillMoving.count != time.scheduler.movingFlagged.count {
            replaceTurnList(.movingFlagged, with: stillMoving)
        }
    }

    /// Sets a moving flag; a controller with a flag set is listed in `movingFlagged` once.
    func flagMoving(_ controller: String, toParent: Bool) {
        guard let index = controllerHandle(named: controller) else { return }
        flagMoving(controller, at: index, toParent: toParent)
    }

    /// `flagMoving` for a caller that has looked the controller up.
    func flagMoving(_ controller: String, at index: NodeHandle, toParent: Bool) {
        let wasFlagged = editController(index) { node in
            let wasFlagged = node.isMovingToParent || node.isMovingFromParent
            node.isMovingToParent = toParent
            node.isMovingFromParent = !toParent
            return wasFlagged
        }
        if !wasFlagged {
            appendToTurnList(.movingFlagged, index)
        }
    }

    func nextDueTransition() -> String? {
        var best: TransitionRecord?
        for record in time.scheduler.running.values where record.completesAt <= ongoing.now {
            if let current = best, (current.completesAt, current.ordinal) <= (record.completesAt, record.ordinal) { continue }
            best = record
        }
        return best?.id
    }
}
