/// `transition(from:to:duration:options:animations:completion:)` (docs/uikit-rules.md, rule 12) as
/// pending work with a due time.
///
/// A second transition started while one is running on the same controllers is what UIKit
/// does with it: it is neither queued nor refused. Both animations run; the second one's
/// `beginAppearanceTransition` on a controller already going that way is the familiar
/// "Unbalanced calls to begin/end appearance transitions" warning (a reversal emits the
/// opposite "will"), and each transition ends the appearance of its own `from` and `to` when
/// its own duration is over, whatever the other did meanwhile.
extension ContainmentTree {
    /// A day: longer animations are surely mistakes, and the bound keeps due times printable.
    static let maximumDuration = 86_400.0

    static let animationOptions: Set<String> = [
        "layoutSubviews", "allowUserInteraction", "beginFromCurrentState", "repeat", "autoreverse",
        "overrideInheritedDuration", "overrideInheritedCurve", "allowAnimatedContent", "showHideTransitionViews",
        "overrideInheritedOptions", "curveEaseInOut", "curveEaseIn", "curveEaseOut", "curveLinear",
        "transitionNone", "transitionFlipFromLeft", "transitionFlipFromRight", "transitionCurlUp", "transitionCurlDown",
        "transitionCrossDissolve", "transitionFlipFromTop", "transitionFlipFromBottom", "preferredFramesPerSecondDefault",
        "preferredFramesPerSecond60", "preferredFramesPerSecond30",
    ]

    /// Starts a transition; returns its id. `completion` runs when it completes.
    /// `appearingFirst`: `to` begins appearing before `from` begins disappearing (a tab bar's
    /// selection, docs/uikit-rules.md rule 14). `drivesAppearance`: the parent begins and ends
    /// its children's appearance itself although it does not forward automatically
    /// (UIPageViewController, docs/uikit-rules-page-view-controller.md).
    func startTransition(
        parent: String, from: String, to: String, duration: Double, options: [String], completion: [RawCall], field: String,
        reportsCompletion: Bool = true, insertAt index: Int? = nil, appearingFirst: Bool = false, drivesAppearance: Bool = false
    ) throws(ContainmentError) -> String {
        guard duration.isFinite, duration >= 0, duration <= Self.maximumDuration else {
            throw .invalidArgument(field: field + "duration", "duration must be between 0 and \(Int(Self.maximumDuration)) seconds")
        }
        for (index, option) in options.enumerated() where !Self.animationOptions.contains(option) {
            throw .invalidArgument(field: field + "options[\(index)]", "unknown UIViewAnimationOptions name \(option)")
        }
        let parentHandle = try requireController(parent, field: "receiver")
        let fromHandle = try requireController(from, field: field + "from")
        let toHandle = try requireController(to, field: field + "to")
        guard readController(fromHandle, { $0.parent }) == parentHandle, readController(toHandle, { $0.parent }) == parentHandle else {
            throw .invalidArgumentException(
                code: "not_common_parent",
                "Children view controllers \(ContainmentError.describe(from)) and \(ContainmentError.describe(to)) must have a common parent view controller when calling -[UIViewController transitionFromViewController:toViewController:duration:options:animations:completion:]"
            )
        }
        loadViewIfNeeded(from)
        loadViewIfNeeded(to)
        let number = editScheduler { scheduler in
            scheduler.transitionCount += 1
            return scheduler.transitionCount
        }
        let transitionID = "t\(number)"
        // Nothing below deletes a controller or view, so the handles stay valid.
        let container = readController(fromHandle, { $0.rootView }).flatMap { nodes.views[$0].superview }
        let forwards =
            (drivesAppearance || readController(parentHandle, { $0.automaticallyForwardsAppearance }))
            && container.map { nodes.window.visible && nodes.views[$0].inWindow } == true
        let animated = duration > 0
        // Stored before the begins, which list in it the controllers they drive.
        let record = TransitionRecord(
            id: transitionID, parent: parent, from: from, to: to, duration: duration, options: options, startedAt: ongoing.now,
            completesAt: ongoing.now + duration, forwardsAppearance: forwards, completion: completion,
            reportsCompletion: reportsCompletion, ordinal: number)
        editScheduler { $0.running[transitionID] = record }
        // An orphan view inside a pushed controller gets no appearance callbacks (rule 43).
        let pushes = readController(parentHandle) { $0.kind == .navigationController }
        if forwards {
            let driver = AppearanceDriver.transition(transitionID)
            if appearingFirst {
                beginAppearanceTransition(to, appearing: true, animated: animated, driver: driver, forwardsToOrphans: !pushes)
                // A selection made from the callback took this one's place: it stops here.
                guard time.scheduler.running[transitionID] != nil else { return transitionID }
            }
            beginAppearanceTransition(from, appearing: false, animated: animated, driver: driver, forwardsToOrphans: !pushes)
            if appearingFirst, time.scheduler.running[transitionID] == nil { return transitionID }
            if !appearingFirst {
                beginAppearanceTransition(to, appearing: true, animated: animated, driver: driver, forwardsToOrphans: !pushes)
            }
        }
        if let container, let toView = readController(toHandle, { $0.rootView }) {
            moveSubview(try checkAddSubview(toView, to: container, at: index), orphansAppear: !pushes)
            // An override in the begins may have taken the container off screen (rule 40): what
            // began appearing there turns away, as when the window hides mid-transition.
            if forwards, !(nodes.window.visible && nodes.views[toView].inWindow) {
                turnAwayIfAppearing(to)
                // Completed from inside its begins, it ended appeared: it lands off screen too.
                if time.scheduler.running[transitionID] == nil { disappearWalk(from: toView) }
            }
            if forwards, overrides.anyDeclared { turnAwayDrivenOffScreen(by: transitionID) }
        }
        return transitionID
    }

    /// A controller the begins made appear whose view an override then took out of the
    /// incoming view (a running push of the incoming tab finished from a callback) turns away
    /// once the view is in: it will not be on screen at the end (rule 40).
    private func turnAwayDrivenOffScreen(by transitionID: String) {
        for controller in time.scheduler.running[transitionID]?.driven ?? [] {
            guard let index = controllerHandle(named: controller),
                let view = readController(index, { $0.appearance == .appearing ? $0.viewID : nil }),
                !isOnScreen(view)
            else { continue }
            turnAwayIfAppearing(controller)
        }
    }

    /// The end of the animation: `from.view` leaves, the "did" callbacks, then the
    /// completion block (`transitionCompletion`, then the recipe's calls).
    func completeTransition(_ transitionID: String) {
        guard let record = time.scheduler.running[transitionID] else { return }
        editScheduler { $0.running[transitionID] = nil }
        recordFinished(record.snapshot(state: .finished))
        if let step = record.presentation {
            completePresentationTransition(record, step)
            endStillDriven(by: record)
            return
        }
        if record.overtaken == true {
            warn(record.parent, Self.unexpectedStateWarning)
        }
        // Looked up, not copied out of the table: a copy retains and releases every field.
        let parentHandle = controllerHandle(named: record.parent)
        let fromHandle = controllerHandle(named: record.from)
        let reselected = isReselected(record.from, after: record, parent: parentHandle)
        if let fromHandle, !isAdopted(fromHandle, awayFrom: parentHandle), !showsAgain(record.from, after: record), !reselected,
            let rootView = readController(fromHandle, { $0.rootView })
        {
            removeFromSuperview(rootView)
        }
        if record.forwardsAppearance {
            // A later switch brings the tab back: that switch ends its appearance.
            if !reselected { endSideAppearance(record.from, at: fromHandle, of: transitionID, parent: parentHandle) }
            endSideAppearance(record.to, at: controllerHandle(named: record.to), of: transitionID, parent: parentHandle)
        }
        endStillDriven(by: record)
        if record.reportsCompletion, parentHandle != nil {
            emit(
                record.parent, "transitionCompletion",
                ["transition": .string(transitionID), "finished": true, "from": .string(record.from), "to": .string(record.to)])
        }
        runCompletion(of: record)
        if nodes.window.tellsNavigationDelegates {
            navigationDelegateDidShow(endOf: record)
        }
    }

    /// Whether a tab switch's `from` is the `to` of a later switch of the same tab bar still
    /// running (selected back from a callback of this one: rule 14).
    private func isReselected(_ from: String, after record: TransitionRecord, parent: NodeHandle?) -> Bool {
        guard let parent, time.scheduler.running.values.contains(where: { $0.to == from && $0.parent == record.parent && $0.ordinal > record.ordinal })
        else { return false }
        return readController(parent) { $0.kind == .tabBarController }
    }

    /// Whether another container adopted a side of a finishing transition meanwhile (taken
    /// out mid-push, then made a page): the end leaves its view where the new parent put it,
    /// and ends its appearance only if nothing else took that over (docs/uikit-rules.md,
    /// rule 12).
    private func isAdopted(_ side: NodeHandle, awayFrom parent: NodeHandle?) -> Bool {
        guard let current = readController(side, { $0.parent }) else { return false }
        return current != parent
    }

    /// The end's "did" callback for one side, unless another container adopted it and took
    /// over its appearance.
    private func endSideAppearance(_ side: String, at handle: NodeHandle?, of transitionID: String, parent: NodeHandle?) {
        guard let handle else { return }
        let driver = readController(handle, { $0.appearanceDriver })
        // Another container's content transition drives it now (its container left the window
        // and a tab switch brought it back while this one ran): that one ends it. One of the
        // same container, or a presentation, overlapping this one is ended here, in UIKit's
        // logged order (rule 41).
        if case .transition(let other)? = driver, other != transitionID, let running = time.scheduler.running[other],
            running.presentation == nil, controllerHandle(named: running.parent) != parent
        {
            return
        }
        if !isAdopted(handle, awayFrom: parent) || driver == .transition(transitionID) {
            endAppearanceTransition(side, of: transitionID)
        }
    }

    /// Ends the appearance of every controller the transition began and still drives, though
    /// its view left the sides meanwhile (an orphan view moved into the window): no
    /// controller stays mid-appearance after its driver is gone.
    private func endStillDriven(by record: TransitionRecord) {
        for controller in record.driven ?? [] where nodes.controllers[controller]?.appearanceDriver == .transition(record.id) {
            endAppearance(controller)
        }
    }

    /// A tab selection made from a callback of another selection of the same tab bar that is
    /// still beginning (its incoming view not in yet: rule 40) takes that one's place
    /// (docs/uikit-rules.md, rule 14): the outer selection stops where it is, what it began
    /// the turn's end ends, its incoming tab, kept off screen, turns away, and the tabs it
    /// replaced leave.
    func supersedeBeginningTransitions(of parent: String) {
        let parentView = nodes.controllers[parent]?.viewID
        let beginning = time.scheduler.running.values.filter { record in
            record.parent == parent && record.presentation == nil
                && nodes.controllers[record.to].map { !$0.isViewLoaded || superviewID(of: $0.viewID) != parentView } == true
        }.sorted { $0.ordinal < $1.ordinal }
        for record in beginning {
            editScheduler { $0.running[record.id] = nil }
            recordFinished(record.snapshot(state: .finished))
            for controller in record.driven ?? [] {
                guard let index = controllerHandle(named: controller),
                    readController(index, { $0.appearanceDriver }) == .transition(record.id)
                else { continue }
                editController(index) { $0.appearanceDriver = .turn }
                appendToTurnList(.deferredEnds, index)
            }
            turnAwayIfAppearing(record.to)
            // The containment it owed (a replacement's removals and `didMove`s) still happens.
            runCompletion(of: record)
        }
    }

    /// A transition's completion calls; one that fails is a warning, as UIKit's block goes on.
    private func runCompletion(of record: TransitionRecord) {
        for (index, call) in record.completion.enumerated() {
            applyUndoingFailure(call) { error in
                warn(record.parent, "completion call \(index) of transition \(record.id) failed: \(error.message)")
            }
        }
    }

    /// Completes now, in start order, the transitions a container is running, so a new
    /// stack change starts from a settled state.
    func finishRunningTransitions(of parent: String) {
        // A presentation the container makes runs on: its presented controller is no content.
        let running = time.scheduler.running.values.filter { $0.parent == parent && $0.presentation == nil }.sorted {
            $0.ordinal < $1.ordinal
        }
        for record in running {
            completeTransition(record.id)
        }
    }

    func transitionSnapshot(_ transitionID: String) -> TransitionSnapshot? {
        if let record = time.scheduler.running[transitionID] { return record.snapshot(state: .running) }
        return time.finishedTransitions.snapshots[transitionID]
    }

    /// Keeps `snapshot` among the newest finished transitions, logging the edit (not the map).
    private func recordFinished(_ snapshot: TransitionSnapshot) {
        let evicted = time.finishedTransitions.record(snapshot)
        if undo.isRecording { undo.entries.append(.transitionFinished(snapshot.id, evicted: evicted)) }
    }
}
