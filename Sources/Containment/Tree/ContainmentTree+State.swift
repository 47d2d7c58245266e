extension ContainmentTree {
    /// The tree's whole state between calls, for a snapshot (see `TreeState`).
    public var state: TreeState {
        let controllerRecords = nodes.controllers.all.map { _, _, node in record(of: node) }.sorted { $0.id < $1.id }
        let viewRecords = nodes.views.all.map { _, id, node in
            let links = linkIDs(of: node)
            return TreeState.ViewRecord(
                id: id, frame: node.frame, superview: links.superview, subviews: links.subviews, owner: links.owner, inWindow: node.inWindow)
        }.sorted { $0.id < $1.id }
        var owners: [String: String] = [:]
        for (view, controller) in nodes.containerViewOwners { owners[view] = controller }
        return TreeState(
            formatVersion: TreeState.formatVersion, id: id, configuration: configuration,
            window: TreeState.WindowRecord(
                size: nodes.window.size, horizontalSizeClass: nodes.window.horizontalSizeClass, visible: nodes.window.visible,
                rootViewController: nodes.window.rootViewController,
                activationState: nodes.window.activationState == .foregroundActive ? nil : nodes.window.activationState),
            controllers: controllerRecords, views: viewRecords, containerViewOwners: owners,
            turn: TreeState.TurnRecord(
                deferredEnds: liveIDs(time.scheduler.deferredEnds), pendingIsAppearing: liveIDs(time.scheduler.pendingIsAppearing),
                pendingLayout: liveIDs(time.scheduler.pendingLayout), movingFlagged: liveIDs(time.scheduler.movingFlagged),
                pagesAwaitingAppearance: time.scheduler.pagesAwaitingAppearance.isEmpty ? nil : liveIDs(time.scheduler.pagesAwaitingAppearance)),
            runningTransitions: time.scheduler.running.values.sorted { $0.id < $1.id }, transitionCount: time.scheduler.transitionCount,
            finishedTransitions: time.finishedTransitions.order.compactMap { time.finishedTransitions.snapshots[$0] },
            events: oldestRetainedSeq <= lastSeq ? log.events(after: oldestRetainedSeq - 1, limit: Int.max) : [],
            nextSeq: ongoing.nextSeq, nextBatch: ongoing.nextBatch, time: ongoing.now, clockWork: overrides.clockWork.isFresh ? nil : overrides.clockWork)
    }

    /// A tree exactly as `state` describes it: its next call behaves as the saved tree's would.
    public convenience init(restoring state: TreeState) throws(TreeStateError) {
        guard state.formatVersion == TreeState.formatVersion else {
            throw TreeStateError(message: "state format \(state.formatVersion); this build reads \(TreeState.formatVersion)")
        }
        do {
            try self.init(id: state.id, configuration: state.configuration, root: nil, now: 0)
        } catch {
            throw TreeStateError(message: "its configuration is refused: \(error.message)")
        }
        nodes.window = WindowState(size: state.window.size, horizontalSizeClass: state.window.horizontalSizeClass)
        nodes.window.visible = state.window.visible
        nodes.window.rootViewController = state.window.rootViewController
        nodes.window.activationState = state.window.activationState ?? .foregroundActive
        // Two passes: every node gets its handle first, then links are set from the ids.
        nodes.controllers.removeAll()
        nodes.views.removeAll()
        for record in state.controllers {
            guard nodes.controllers.handle(record.id) == nil else { throw TreeStateError(message: "controller \(record.id) is listed twice") }
            _ = nodes.controllers.insert(Self.node(from: record), id: record.id)
        }
        for record in state.views {
            guard nodes.views.handle(record.id) == nil else { throw TreeStateError(message: "view \(record.id) is listed twice") }
            _ = nodes.views.insert(ViewNode(frame: record.frame, inWindow: record.inWindow), id: record.id)
        }
        guard nodes.views.handle(WindowState.viewID) != nil else { throw TreeStateError(message: "it has no window view") }
        for record in state.controllers { try link(record) }
        for record in state.views { try link(record) }
        try checkLinksFormTrees()
        nodes.window.tracksTraits = nodes.controllers.nodes.contains {
            $0.hasExtras && ($0.toldSizeClass != nil || $0.overrideTraitCollection != nil || $0.answers.traitOverrides != nil)
        }
        nodes.window.tellsNavigationDelegates = nodes.controllers.nodes.contains { $0.hasExtras && $0.answers.navigationControllerDelegate == true }
        nodes.containerViewOwners = [:]
        for (view, controller) in state.containerViewOwners { nodes.containerViewOwners[view] = controller }
        time.scheduler = Scheduler()
        time.scheduler.deferredEnds = try state.turn.deferredEnds.map(controllerHandle)
        time.scheduler.pendingIsAppearing = try state.turn.pendingIsAppearing.map(controllerHandle)
        time.scheduler.pendingLayout = try state.turn.pendingLayout.map(controllerHandle)
        time.scheduler.movingFlagged = try state.turn.movingFlagged.map(controllerHandle)
        time.scheduler.pagesAwaitingAppearance = try (state.turn.pagesAwaitingAppearance ?? []).map(controllerHandle)
        for transition in state.runningTransitions { time.scheduler.running[transition.id] = transition }
        time.scheduler.transitionCount = state.transitionCount
        time.finishedTransitions = FinishedTransitions()
        for snapshot in state.finishedTransitions {
            time.finishedTransitions.snapshots[snapshot.id] = snapshot
            time.finishedTransitions.order.append(snapshot.id)
        }
        log = EventLog(capacity: configuration.eventRetention)
        log.append(contentsOf: state.events)
        guard state.nextSeq >= 1, state.events.last.map({ $0.seq + 1 == state.nextSeq }) ?? (state.nextSeq == 1) else {
            throw TreeStateError(message: "its event log does not end at seq \(state.nextSeq - 1)")
        }
        ongoing.nextSeq = state.nextSeq
        ongoing.nextBatch = state.nextBatch
        ongoing.now = state.time
        overrides.clockWork = state.clockWork ?? ClockWork()
        overrides.anyDeclared = state.controllers.contains { $0.extras?.own.overrides != nil }
    }

    /// Restored links must form trees, as the calls that form links guarantee: a state with a
    /// loop of parent and presenter links, or of superview links, is refused rather than left
    /// for a walk to meet (`WalkBudget`).
    private func checkLinksFormTrees() throws(TreeStateError) {
        let controllerLoop = firstLoop(in: nodes.controllers) { [controllers = nodes.controllers] node in
            node.parent ?? node.presentation.flatMap { controllers.handle($0.presenter) }
        }
        if let id = controllerLoop {
            throw TreeStateError(message: "the parent and presenter links above controller \(id) loop")
        }
        if let id = firstLoop(in: nodes.views, up: { $0.superview }) {
            throw TreeStateError(message: "the superview links above view \(id) loop")
        }
    }

    /// The id of a node whose links upwards loop, or nil: each node is walked from once
    /// (marks by slot), so the check is linear in the table's size whatever the depth.
    private func firstLoop<Node>(in table: NodeTable<Node>, up: (Node) -> NodeHandle?) -> String? {
        var marks = [LinkWalkMark](repeating: .unseen, count: table.slotCount)
        var path: [NodeHandle] = []
        for (handle, id, _) in table.all {
            path.removeAll(keepingCapacity: true)
            var current: NodeHandle? = handle
            while let node = current, marks[Int(node.slot)] == .unseen {
                marks[Int(node.slot)] = .onPath
                path.append(node)
                current = up(table[node])
            }
            if let node = current, marks[Int(node.slot)] == .onPath { return id }
            for node in path { marks[Int(node.slot)] = .ends }
        }
        return nil
    }

    /// The ids of a turn list's controllers still in the tree (a deleted one would be skipped).
    private func liveIDs(_ handles: [NodeHandle]) -> [String] {
        handles.filter { nodes.controllers.contains($0) }.map { nodes.controllers.id($0) }
    }

    private func controllerHandle(_ id: String) throws(TreeStateError) -> NodeHandle {
        guard let handle = nodes.controllers.handle(id) else { throw TreeStateError(message: "it names a missing controller \(id)") }
        return handle
    }

    private func viewHandle(_ id: String) throws(TreeStateError) -> NodeHandle {
        guard let handle = nodes.views.handle(id) else { throw TreeStateError(message: "it names a missing view \(id)") }
        return handle
    }

    /// A restored controller's parent, children and root view, by the handles given in the first pass.
    private func link(_ record: TreeState.ControllerRecord) throws(TreeStateError) {
        let handle = try controllerHandle(record.id)
        let parent = try record.parent.map { id throws(TreeStateError) in try controllerHandle(id) }
        let children = try record.children.map { id throws(TreeStateError) in try controllerHandle(id) }
        let rootView = record.isViewLoaded ? try viewHandle(ControllerNode.viewID(of: record.id)) : nil
        nodes.controllers[handle].parent = parent
        for child in children { nodes.controllers[handle].appendChild(child) }
        nodes.controllers[handle].rootView = rootView
    }

    /// A restored view's superview, subviews and owner, by the handles given in the first pass.
    private func link(_ record: TreeState.ViewRecord) throws(TreeStateError) {
        let handle = try viewHandle(record.id)
        let superview = try record.superview.map { id throws(TreeStateError) in try viewHandle(id) }
        let subviews = try record.subviews.map { id throws(TreeStateError) in try viewHandle(id) }
        let owner = try record.owner.map { id throws(TreeStateError) in try controllerHandle(id) }
        nodes.views[handle] = ViewNode(frame: record.frame, superview: superview, subviews: subviews, owner: owner, inWindow: record.inWindow)
    }

    private func record(of node: ControllerNode) -> TreeState.ControllerRecord {
        let driver: TreeState.AppearanceDriverRecord? =
            switch node.appearanceDriver {
            case nil: nil
            case .turn: .turn
            case .manual: .manual
            case .transition(let id): .transition(id)
            }
        return TreeState.ControllerRecord(
            id: node.id, kind: node.kind, appearance: node.appearance, appearanceDriver: driver,
            parent: node.parent.map { nodes.controllers.id($0) }, children: childIDs(of: node), isViewLoaded: node.isViewLoaded,
            sentIsAppearing: node.sentIsAppearing,
            appearanceAnimated: node.appearanceAnimated, isMovingToParent: node.isMovingToParent,
            isMovingFromParent: node.isMovingFromParent, needsLayout: node.needsLayout,
            automaticallyForwardsAppearance: node.automaticallyForwardsAppearance,
            extras: node.hasExtras ? Self.record(of: node.extras, kind: node.kind) : nil)
    }

    private static func record(of extras: ControllerExtras, kind: ControllerKind) -> TreeState.ExtrasRecord {
        let own = TreeState.OwnExtrasRecord(
            title: extras.title, containerViews: extras.containerViews, preferredContentSize: extras.preferredContentSize,
            properties: extras.properties, stack: extras.stack, selectedIndex: extras.selectedIndex,
            more: extras.more, customizableViewControllers: extras.customizableViewControllers, tabs: extras.tabs,
            tabBarMode: extras.tabBarMode, sidebarIsHidden: extras.sidebarIsHidden, compactTabIdentifiers: extras.compactTabIdentifiers,
            isTabBarHidden: extras.isTabBarHidden, interactivePop: extras.interactivePop, navigationDelegate: extras.navigationDelegate, split: extras.split,
            presentedViewController: extras.presentedViewController,
            presentation: extras.presentation.map {
                TreeState.PresentationRecord(
                    presenter: $0.presenter, style: $0.style, phase: $0.phase, coveredSuperview: $0.coveredPlace?.superview,
                    coveredIndex: $0.coveredPlace?.index, requestedStyle: $0.requestedStyle,
                    removesPresentersView: $0.removesPresentersView ? true : nil)
            },
            childContentSizes: extras.childContentSizes, pageSwipe: extras.pageSwipe,
            answers: extras.answers.isEmpty ? nil : extras.answers, overrideTraitCollection: extras.overrideTraitCollection,
            toldSizeClass: extras.toldSizeClass, overrides: extras.overrides.isEmpty ? nil : extras.overrides,
            pagesAwaitingAppearance: extras.pagesAwaitingAppearance.isEmpty ? nil : extras.pagesAwaitingAppearance)
        return TreeState.ExtrasRecord(
            own: own, kind: kind, statusBarSettings: extras.statusBarSettings, presentationSettings: extras.presentationSettings,
            segueSettings: extras.segueSettings, pageViewControllerSettings: extras.pageViewControllerSettings)
    }

    private static func node(from record: TreeState.ControllerRecord) -> ControllerNode {
        var node = ControllerNode(id: record.id, kind: record.kind)
        node.appearance = record.appearance
        node.sentIsAppearing = record.sentIsAppearing
        node.appearanceAnimated = record.appearanceAnimated
        node.isMovingToParent = record.isMovingToParent
        node.isMovingFromParent = record.isMovingFromParent
        node.needsLayout = record.needsLayout
        node.automaticallyForwardsAppearance = record.automaticallyForwardsAppearance
        if let record = record.extras {
            let extras = record.own
            node.extras = ControllerExtras(
                title: extras.title, containerViews: extras.containerViews, preferredContentSize: extras.preferredContentSize,
                statusBarSettings: record.statusBarSettings, properties: extras.properties, stack: extras.stack,
                selectedIndex: extras.selectedIndex, more: extras.more, customizableViewControllers: extras.customizableViewControllers,
                tabs: extras.tabs, tabBarMode: extras.tabBarMode, sidebarIsHidden: extras.sidebarIsHidden,
                compactTabIdentifiers: extras.compactTabIdentifiers, isTabBarHidden: extras.isTabBarHidden, interactivePop: extras.interactivePop,
                navigationDelegate: extras.navigationDelegate,
                split: extras.split,
                presentationSettings: record.presentationSettings, presentedViewController: extras.presentedViewController,
                presentation: extras.presentation.map { presentation in
                    Presentation(
                        presenter: presentation.presenter, style: presentation.style, phase: presentation.phase,
                        requestedStyle: presentation.requestedStyle,
                        coveredPlace: presentation.coveredSuperview.map { ($0, presentation.coveredIndex ?? 0) },
                        removesPresentersView: presentation.removesPresentersView ?? false)
                },
                childContentSizes: extras.childContentSizes, pageViewControllerSettings: record.pageViewControllerSettings,
                pageSwipe: extras.pageSwipe,
                pagesAwaitingAppearance: extras.pagesAwaitingAppearance ?? [], answers: extras.answers ?? ControllerAnswers(),
                overrideTraitCollection: extras.overrideTraitCollection, toldSizeClass: extras.toldSizeClass,
                segueSettings: record.segueSettings, overrides: extras.overrides ?? [:])
        }
        // After the extras: a transition driver keeps its id there.
        node.appearanceDriver =
            switch record.appearanceDriver {
            case nil: nil
            case .turn: .turn
            case .manual: .manual
            case .transition(let id): .transition(id)
            }
        return node
    }
}

/// Where `firstLoop` has been: a node not walked from yet, one on the current walk, one
/// whose links end.
private enum LinkWalkMark { case unseen, onPath, ends }
