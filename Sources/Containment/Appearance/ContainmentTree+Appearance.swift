/// Appearance (docs/uikit-rules.md, rules 6, 7, 9, 10, 11): a state machine per controller driven by
/// views entering or leaving the visible window, by transitions, or by the container's own
/// `beginAppearanceTransition`/`endAppearanceTransition` calls. Propagation walks the view
/// tree iteratively in pre-order, so parents come before children at any depth.
extension ContainmentTree {
    /// Controllers whose appearance follows the views below `viewID` (inclusive), parents
    /// first. A controller whose parent does not forward appearance automatically is left
    /// to that parent, with everything below it. Each is passed to `body` with its index as
    /// it is found, rather than collected in a list (an allocation per walk). `body` creates
    /// and deletes no view (overrides cannot unload one: rule 40), so the walk's handles stay
    /// valid even when an override moves views meanwhile.
    /// `skipsOrphans`: controllers without a parent are left out too (rule 43).
    func forEachDrivenController(from view: NodeHandle, skipsOrphans: Bool = false, _ body: (String, NodeHandle) -> Void) {
        // An override `body` runs may move views under the walk: then it collects first.
        if overrides.anyDeclared, !ongoing.collectingWalk {
            var found: [(String, NodeHandle)] = []
            ongoing.collectingWalk = true
            forEachDrivenController(from: view, skipsOrphans: skipsOrphans) { found.append(($0, $1)) }
            ongoing.collectingWalk = false
            for (controller, index) in found where nodes.controllers.contains(index) { body(controller, index) }
            return
        }
        var stack = [view]
        var budget = WalkBudget("appearance", nodes: nodes.views.count)
        while let current = stack.popLast() {
            guard visit(&budget) else { break }
            let (owner, subviews) = readView(current) { ($0.owner, $0.subviews) }
            if let owner {
                let parent = readController(owner) { $0.parent }
                if let parent, !readController(parent, { $0.automaticallyForwardsAppearance }) {
                    continue
                }
                if skipsOrphans, parent == nil { continue }
                body(nodes.controllers.id(owner), owner)
            }
            stack.append(contentsOf: subviews.reversed())
        }
    }

    /// The controllers a controller forwards its own appearance transitions to.
    func forwardedDescendants(of controller: String) -> [String] {
        controllerHandle(named: controller).map { forwardedDescendants(of: $0) } ?? []
    }

    /// Reads the two nodes in place: copying them out (the tables' getters) retained and
    /// released their every field, for a list that is mostly empty.
    func forwardedDescendants(of controller: NodeHandle, includingOrphans: Bool = true) -> [String] {
        guard let rootView = readController(controller, { $0.automaticallyForwardsAppearance ? $0.rootView : nil }) else {
            return []
        }
        let subviews = readView(rootView) { $0.subviews }
        var result: [String] = []
        for subview in subviews {
            forEachDrivenController(from: subview, skipsOrphans: !includingOrphans) { controller, _ in result.append(controller) }
        }
        return result
    }

    /// A subtree entered the visible window: `viewWillAppear` now, the rest at turn's end.
    /// Every controller whose view entered is laid out at the turn's end, driven or not (a
    /// page, a child of a container that forwards by hand: docs/uikit-rules-callbacks.md,
    /// rule 42). `orphansAppear`: false when a navigation transition put the subtree in,
    /// whose orphans UIKit leaves without appearance callbacks (rule 43).
    func appearWalk(from view: NodeHandle, orphansAppear: Bool = true) {
        // The callbacks' overrides may move views under the walk: then it collects first.
        var found: [(owner: NodeHandle, view: NodeHandle, drives: Bool)]? = overrides.anyDeclared ? [] : nil
        var stack = [(view, true)]
        var budget = WalkBudget("appearance", nodes: nodes.views.count)
        while let (current, drives) = stack.popLast() {
            guard visit(&budget) else { break }
            let (owner, subviews) = readView(current) { ($0.owner, $0.subviews) }
            var drivesBelow = drives
            if let owner {
                let parent = readController(owner) { $0.parent }
                if let parent {
                    drivesBelow = drives && readController(parent) { $0.automaticallyForwardsAppearance }
                } else if current != view, !orphansAppear {
                    drivesBelow = false
                }
                if found != nil {
                    found?.append((owner, current, drivesBelow))
                } else {
                    appear(owner, view: current, drives: drivesBelow)
                }
            }
            stack.append(contentsOf: subviews.reversed().map { ($0, drivesBelow) })
        }
        for entry in found ?? [] where nodes.controllers.contains(entry.owner) {
            appear(entry.owner, view: entry.view, drives: entry.drives)
        }
    }

    /// One controller of `appearWalk`, if its view is still on screen (an override may have
    /// moved it away meanwhile: rule 40).
    private func appear(_ owner: NodeHandle, view: NodeHandle, drives: Bool) {
        guard nodes.window.visible, readView(view, { $0.inWindow && $0.owner == owner }) else { return }
        if drives { beginViewDrivenAppearance(owner) }
        markLayout(nodes.controllers.id(owner), at: owner)
    }

    /// A child whose view enters the window while its parent appears, after the parent's
    /// `viewIsAppearing` (a page embedded during the parent's layout, a child added while the
    /// parent is pushed): no `viewWillAppear`, no `viewIsAppearing`; its `viewDidAppear` comes
    /// with its parent's (docs/uikit-rules.md, rule 6, "A child added while its parent appears").
    private func joinParentsAppearance(_ child: NodeHandle, parent: NodeHandle) -> Bool {
        guard
            let (driver, animated) = readController(
                parent, { node in node.appearance == .appearing && node.sentIsAppearing ? node.appearanceDriver.map { ($0, node.appearanceAnimated) } : nil })
        else { return false }
        editController(child) { node in
            node.appearance = .appearing
            node.appearanceDriver = driver
            node.appearanceAnimated = animated
            node.sentIsAppearing = true
        }
        switch driver {
        case .transition(let transition): editScheduler { $0.running[transition]?.noteDriven(nodes.controllers.id(child)) }
        case .turn: appendToTurnList(.deferredEnds, child)
        case .manual: break
        }
        return true
    }

    private func beginViewDrivenAppearance(_ index: NodeHandle) {
        let (state, parent) = readController(index) { ($0.appearance, $0.parent) }
        guard state == .disappeared || state == .disappearing else { return }
        if state == .disappeared, let parent, joinParentsAppearance(index, parent: parent) { return }
        // Listed first: a child its `viewWillAppear` override embeds ends after it (rule 7).
        appendToTurnList(.deferredEnds, index)
        beginAppearance(nodes.controllers.id(index), at: index, from: state, appearing: true, animated: false, driver: .turn)
    }

    /// A subtree left the visible window: `viewWillDisappear` now, the rest at turn's end.
    func disappearWalk(from view: NodeHandle) {
        forEachDrivenController(from: view) { controller, index in
            let (state, rootView) = readController(index) { ($0.appearance, $0.rootView) }
            guard state == .appeared || state == .appearing else { return }
            // An override may have put the view back since the walk began (rule 40).
            if nodes.window.visible, let rootView, readView(rootView, { $0.inWindow }) { return }
            beginAppearance(controller, at: index, from: state, appearing: false, animated: false, driver: .turn)
            appendToTurnList(.deferredEnds, index)
        }
    }

    /// A container took `controller`'s view out of the window while its appearance was
    /// beginning (from an override, rule 40): it turns away, as a child that leaves its parent
    /// then does. The walk leaves out a controller its parent drives by hand (a page view
    /// controller's page); that one turns away here too.
    func turnAwayIfAppearing(_ controller: String) {
        guard let index = controllerHandle(named: controller),
            let rootView = readController(index, { $0.appearance == .appearing ? $0.rootView : nil })
        else { return }
        disappearWalk(from: rootView)
        guard readController(index, { $0.appearance }) == .appearing, !(nodes.window.visible && readView(rootView, { $0.inWindow })) else { return }
        beginAppearance(controller, at: index, from: .appearing, appearing: false, animated: false, driver: .turn)
        appendToTurnList(.deferredEnds, index)
    }

    /// `beginAppearanceTransition(_:animated:)` on one controller (rule 9): a "will"
    /// callback, a reversal, or an unbalanced-call warning for the same direction twice.
    @discardableResult
    func beginAppearance(_ controller: String, appearing: Bool, animated: Bool, driver: AppearanceDriver) -> Bool {
        guard let index = controllerHandle(named: controller) else { return false }
        let state = readController(index) { $0.appearance }
        return beginAppearance(controller, at: index, from: state, appearing: appearing, animated: animated, driver: driver)
    }

    /// `beginAppearance` for a caller that has just looked the controller up and read its `state`.
    @discardableResult
    func beginAppearance(
        _ controller: String, at index: NodeHandle, from state: AppearanceState, appearing: Bool, animated: Bool,
        driver: AppearanceDriver
    ) -> Bool {
        let accepted = appearing ? (state == .disappeared || state == .disappearing) : (state == .appeared || state == .appearing)
        guard accepted else {
            warn(controller, Self.unbalancedWarning(controller))
            takeOverOrphanedDisappearance(controller, at: index, from: state, appearing: appearing, driver: driver)
            return false
        }
        var driver = driver
        // A transition an override completed while it began (rule 40) drives nothing: the
        // turn's end ends what it would have.
        if case .transition(let transition) = driver, time.scheduler.running[transition] == nil {
            driver = .turn
            appendToTurnList(.deferredEnds, index)
        }
        let (moving, relays) = editController(index) { node in
            // An add is over once the controller disappears again (pushed over within the
            // turn): `isMovingToParent` belongs to an add's appear callbacks only (rule 38).
            if !appearing, node.isMovingToParent { node.isMovingToParent = false }
            node.appearance = appearing ? .appearing : .disappearing
            node.appearanceDriver = driver
            node.appearanceAnimated = animated
            node.sentIsAppearing = false
            return (node.moving, node.relaysAppearanceToPages)
        }
        if case .transition(let transition) = driver {
            editScheduler { $0.running[transition]?.noteDriven(controller) }
        }
        emit(controller, appearing ? "viewWillAppear" : "viewWillDisappear", EventArguments.animated(animated), moving: moving)
        if appearing, driver != .manual {
            appendToTurnList(.pendingIsAppearing, index)
        }
        if relays {
            relayAppearanceToPages(of: controller, appearing: appearing, animated: animated, driver: driver)
        }
        runOverrides(controller, .will(appearing: appearing), .animated(animated))
        if appearing, nodes.window.tellsNavigationDelegates, nodes.controllers.contains(index) {
            navigationDelegateWillShow(controller, at: index, driver: driver, animated: animated)
        }
        return true
    }

    /// A transition beginning to take out a controller already disappearing for a relay that
    /// no longer reaches it (a page a page view controller relayed the window's hide to, then
    /// replaced, animated, from an override: rule 40) ends that disappearance with its own
    /// end, as UIKit's container calls `endAppearanceTransition()` on its outgoing side.
    private func takeOverOrphanedDisappearance(
        _ controller: String, at index: NodeHandle, from state: AppearanceState, appearing: Bool, driver: AppearanceDriver
    ) {
        guard !appearing, state == .disappearing, case .transition(let transition) = driver, time.scheduler.running[transition] != nil,
            readController(index, { $0.appearanceDriver }) == .turn, !time.scheduler.deferredEnds.contains(index)
        else { return }
        editController(index) { $0.appearanceDriver = driver }
        editScheduler { $0.running[transition]?.noteDriven(controller) }
    }

    /// `endAppearanceTransition()` on one controller: only the "did" of the last direction,
    /// or an unbalanced-call warning when nothing was begun.
    func endAppearance(_ controller: String) {
        guard let index = controllerHandle(named: controller) else { return }
        endAppearance(controller, at: index)
    }

    /// `endAppearance` for a caller that has looked the controller up. The node is edited
    /// once; the callbacks report its moving flags, which ending leaves as they are.
    func endAppearance(_ controller: String, at index: NodeHandle) {
        let (state, sentIsAppearing, animatedFlag, moving, relays) = readController(index) { node in
            (node.appearance, node.sentIsAppearing, node.appearanceAnimated, node.moving, node.relaysAppearanceToPages)
        }
        let tellsDelegate = nodes.window.tellsNavigationDelegates
        let driver = relays || tellsDelegate ? readController(index) { $0.appearanceDriver } : nil
        let animated = EventArguments.animated(animatedFlag)
        let ended: AppearanceState
        switch state {
        case .appearing:
            if !sentIsAppearing {
                emit(controller, "viewIsAppearing", animated, moving: moving)
                if overrides.anyDeclared {
                    editController(index) { $0.sentIsAppearing = true }
                    runOverrides(controller, .viewIsAppearing, .animated(animatedFlag))
                    // Its override may have turned it away (its view taken out): that ends it.
                    guard readController(index, { $0.appearance == .appearing }) else { return }
                }
            }
            emit(controller, "viewDidAppear", animated, moving: moving)
            ended = .appeared
        case .disappearing:
            emit(controller, "viewDidDisappear", animated, moving: moving)
            ended = .disappeared
        case .appeared, .disappeared:
            warn(controller, Self.unbalancedWarning(controller))
            return
        }
        editController(index) { node in
            node.appearance = ended
            node.appearanceDriver = nil
            node.sentIsAppearing = false
        }
        if relays {
            relayEndToPages(of: controller, driver: driver)
        }
        runOverrides(controller, .did(appearing: ended == .appeared), .animated(animatedFlag))
        if tellsDelegate, ended == .appeared, nodes.controllers.contains(index) {
            navigationDelegateDidShow(controller, at: index, driver: driver, animated: animatedFlag)
        }
    }

    /// A container's explicit `beginAppearanceTransition`, forwarded to the children it
    /// forwards to (those already going that way are left alone).
    /// The controller is looked up once (loading its view creates no controller).
    /// `forwardsToOrphans`: false for a navigation transition, whose orphans UIKit leaves
    /// without appearance callbacks (rule 43).
    func beginAppearanceTransition(
        _ controller: String, appearing: Bool, animated: Bool, driver: AppearanceDriver, forwardsToOrphans: Bool = true
    ) {
        guard let index = controllerHandle(named: controller) else { return }
        loadViewIfNeeded(controller, at: index)
        let state = readController(index) { $0.appearance }
        let began = beginAppearance(controller, at: index, from: state, appearing: appearing, animated: animated, driver: driver)
        // Its own callback's override turned it the other way (rule 40): its children follow that.
        if began, overrides.anyDeclared, readController(index, { $0.appearance }).isTurned(awayFrom: appearing) {
            return
        }
        for descendant in forwardedDescendants(of: index, includingOrphans: forwardsToOrphans) {
            guard let state = readController(descendant, { $0.appearance }) else { continue }
            // An override run by an earlier callback may have moved it out, or turned the parent
            // it is reached through the other way (rule 40): it follows its parent.
            if overrides.anyDeclared,
                !forwards(to: descendant, from: index, includingOrphans: forwardsToOrphans)
                    || parentTurned(of: descendant, awayFrom: appearing)
            {
                continue
            }
            let changes = appearing ? (state == .disappeared || state == .disappearing) : (state == .appeared || state == .appearing)
            if changes {
                beginAppearance(descendant, appearing: appearing, animated: animated, driver: driver)
            }
        }
    }

    /// Whether the parent of `controller` now goes, or has gone, the other way than `appearing`;
    /// an orphan's (its view put in by hand, rule 43) is the controller whose view holds it.
    private func parentTurned(of controller: String, awayFrom appearing: Bool) -> Bool {
        guard let handle = controllerHandle(named: controller),
            let parent = readController(handle, { $0.parent }) ?? enclosingController(of: handle)
        else { return false }
        return readController(parent, { $0.appearance }).isTurned(awayFrom: appearing)
    }

    /// Whether `ancestor` still forwards its appearance to `descendant`: the descendant's view
    /// is under the ancestor's, and no controller between them forwards by hand.
    private func forwards(to descendant: String, from ancestor: NodeHandle, includingOrphans: Bool) -> Bool {
        guard let descendantView = controllerHandle(named: descendant).flatMap({ readController($0, { $0.rootView }) }),
            let ancestorView = readController(ancestor, { $0.rootView })
        else { return false }
        var current: NodeHandle? = descendantView
        var budget = WalkBudget("appearance", nodes: nodes.views.count)
        while let view = current, view != ancestorView {
            guard visit(&budget) else { break }
            let (owner, superview) = readView(view) { ($0.owner, $0.superview) }
            if let owner {
                let parent = readController(owner) { $0.parent }
                if let parent, !readController(parent, { $0.automaticallyForwardsAppearance }) { return false }
                if parent == nil, !includingOrphans { return false }
            }
            current = superview
        }
        return current == ancestorView
    }

    /// A container's explicit `endAppearanceTransition`, forwarded like the begin.
    /// `transition`: the transition ending it, which leaves alone the descendants another
    /// transition drives (a push running in a tab that a tab switch hides: rule 41).
    func endAppearanceTransition(_ controller: String, of transition: String? = nil) {
        guard let index = controllerHandle(named: controller) else { return }
        endAppearance(controller, at: index)
        for descendant in forwardedDescendants(of: index) {
            guard let (state, driver) = readController(descendant, { ($0.appearance, $0.appearanceDriver) }),
                state == .appearing || state == .disappearing
            else { continue }
            if let transition, case .transition(let other) = driver, other != transition { continue }
            endAppearance(descendant)
        }
    }

    /// A container's begin-then-end on each controller in turn, animated: the reversal of a
    /// cancelled interactive transition (a back swipe, a page swipe).
    func runAppearanceTransitions(_ steps: [(controller: String, appearing: Bool)]) {
        for step in steps {
            // An earlier step's override may have taken the view off screen (rule 40): what was
            // to appear again ends what it began instead, as when the window went away before.
            if step.appearing, !isOnScreen(nodes.controllers[existing: step.controller].viewID) {
                settleManualAppearance(of: [step.controller])
                continue
            }
            beginAppearanceTransition(step.controller, appearing: step.appearing, animated: true, driver: .manual)
            endAppearanceTransition(step.controller)
        }
    }

    /// Ends what an interactive transition left in flight on `controllers` when the window
    /// went away meanwhile.
    func settleManualAppearance(of controllers: [String]) {
        for controller in controllers where self.nodes.controllers[controller]?.appearanceDriver == .manual {
            endAppearanceTransition(controller)
        }
    }

    static func unbalancedWarning(_ controller: String) -> String {
        "Unbalanced calls to begin/end appearance transitions for \(ContainmentError.describe(controller))"
    }
}
