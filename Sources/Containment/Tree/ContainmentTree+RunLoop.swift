/// The end of a run-loop turn: what UIKit delivers after the code of the turn has run.
extension ContainmentTree {
    /// Ends the turn: `viewIsAppearing` for what began appearing (also under a running
    /// transition), the layout pass, the view-driven "did" callbacks, settled moving flags; then transitions due by `now`, each
    /// completing as a turn of its own, in due order.
    func flushTurn() {
        while true {
            if !scheduler.deferredEnds.isEmpty || !scheduler.pendingLayout.isEmpty || !scheduler.pendingIsAppearing.isEmpty {
                let (ends, appearing) = editScheduler { scheduler in
                    defer {
                        scheduler.deferredEnds = []
                        scheduler.pendingIsAppearing = []
                    }
                    return (scheduler.deferredEnds, scheduler.pendingIsAppearing)
                }
                for controller in appearing {
                    guard let node = controllers[controller], node.appearanceDriver != .manual, node.appearance == .appearing,
                        !node.sentIsAppearing
                    else { continue }
                    emit(controller, "viewIsAppearing", EventArguments.animated(node.appearanceAnimated), appearance: true)
                    editController(controller) { $0.sentIsAppearing = true }
                }
                runLayoutPass()
                for controller in ends {
                    guard let node = controllers[controller], node.appearanceDriver == .turn,
                        node.appearance == .appearing || node.appearance == .disappearing
                    else { continue }
                    endAppearance(controller)
                }
                continue
            }
            clearSettledMovingFlags()
            guard let due = nextDueTransition() else { return }
            completeTransition(due)
        }
    }

    func runLayoutPass() {
        let pending = editScheduler { scheduler in
            defer { scheduler.pendingLayout = [] }
            return scheduler.pendingLayout
        }
        for controller in pending {
            guard let node = controllers[controller], node.needsLayout else { continue }
            if node.isViewLoaded, isOnScreen(node.viewID) {
                layout(controller)
            } else {
                editController(controller) { $0.needsLayout = false }
            }
        }
    }

    /// isMovingToParent/isMovingFromParent stay true until the move's appearance
    /// transition is over (or at once when there is none).
    func clearSettledMovingFlags() {
        guard !scheduler.movingFlagged.isEmpty else { return }
        var stillMoving: [String] = []
        for controller in scheduler.movingFlagged {
            guard let node = controllers[controller] else { continue }
            if node.appearance == .appearing || node.appearance == .disappearing {
                stillMoving.append(controller)
            } else if node.isMovingToParent || node.isMovingFromParent {
                editController(controller) { node in
                    node.isMovingToParent = false
                    node.isMovingFromParent = false
                }
            }
        }
        if stillMoving.count != scheduler.movingFlagged.count {
            editScheduler { $0.movingFlagged = stillMoving }
        }
    }

    /// Sets a moving flag; a controller with a flag set is listed in `movingFlagged` once.
    func flagMoving(_ controller: String, toParent: Bool) {
        guard let node = controllers[controller] else { return }
        if !node.isMovingToParent && !node.isMovingFromParent {
            editScheduler { $0.movingFlagged.append(controller) }
        }
        editController(controller) { node in
            node.isMovingToParent = toParent
            node.isMovingFromParent = !toParent
        }
    }

    func nextDueTransition() -> String? {
        var best: TransitionRecord?
        for record in scheduler.running.values where record.completesAt <= now {
            if let current = best, (current.completesAt, current.ordinal) <= (record.completesAt, record.ordinal) { continue }
            best = record
        }
        return best?.id
    }
}
