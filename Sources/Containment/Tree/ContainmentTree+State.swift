extension ContainmentTree {
    /// The tree's whole state between calls, for a snapshot (see `TreeState`).
    public var state: TreeState {
        let controllerRecords = controllers.map { _, node in Self.record(of: node) }.sorted { $0.id < $1.id }
        let viewRecords = views.map { id, node in
            TreeState.ViewRecord(
                id: id, frame: node.frame, superview: node.superview, subviews: node.subviews, owner: node.owner, inWindow: node.inWindow)
        }.sorted { $0.id < $1.id }
        var owners: [String: String] = [:]
        for (view, controller) in containerViewOwners { owners[view] = controller }
        return TreeState(
            formatVersion: TreeState.formatVersion, id: id, configuration: configuration,
            window: TreeState.WindowRecord(
                size: window.size, horizontalSizeClass: window.horizontalSizeClass, visible: window.visible,
                rootViewController: window.rootViewController),
            controllers: controllerRecords, views: viewRecords, containerViewOwners: owners,
            turn: TreeState.TurnRecord(
                deferredEnds: scheduler.deferredEnds, pendingIsAppearing: scheduler.pendingIsAppearing,
                pendingLayout: scheduler.pendingLayout, movingFlagged: scheduler.movingFlagged),
            runningTransitions: scheduler.running.values.sorted { $0.id < $1.id }, transitionCount: scheduler.transitionCount,
            finishedTransitions: finishedTransitions.order.compactMap { finishedTransitions.snapshots[$0] },
            events: oldestRetainedSeq <= lastSeq ? log.events(after: oldestRetainedSeq - 1, limit: Int.max) : [],
            nextSeq: nextSeq, nextBatch: nextBatch, time: now)
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
        window = WindowState(size: state.window.size, horizontalSizeClass: state.window.horizontalSizeClass)
        window.visible = state.window.visible
        window.rootViewController = state.window.rootViewController
        controllers = [:]
        for record in state.controllers { controllers[record.id] = Self.node(from: record) }
        views = [:]
        for record in state.views {
            views[record.id] = ViewNode(
                frame: record.frame, superview: record.superview, subviews: record.subviews, owner: record.owner, inWindow: record.inWindow)
        }
        guard views[WindowState.viewID] != nil else { throw TreeStateError(message: "it has no window view") }
        containerViewOwners = [:]
        for (view, controller) in state.containerViewOwners { containerViewOwners[view] = controller }
        scheduler = Scheduler()
        scheduler.deferredEnds = state.turn.deferredEnds
        scheduler.pendingIsAppearing = state.turn.pendingIsAppearing
        scheduler.pendingLayout = state.turn.pendingLayout
        scheduler.movingFlagged = state.turn.movingFlagged
        for transition in state.runningTransitions { scheduler.running[transition.id] = transition }
        scheduler.transitionCount = state.transitionCount
        finishedTransitions = FinishedTransitions()
        for snapshot in state.finishedTransitions {
            finishedTransitions.snapshots[snapshot.id] = snapshot
            finishedTransitions.order.append(snapshot.id)
        }
        log = EventLog(capacity: configuration.eventRetention)
        log.append(contentsOf: state.events)
        guard state.nextSeq >= 1, state.events.last.map({ $0.seq + 1 == state.nextSeq }) ?? (state.nextSeq == 1) else {
            throw TreeStateError(message: "its event log does not end at seq \(state.nextSeq - 1)")
        }
        nextSeq = state.nextSeq
        nextBatch = state.nextBatch
        now = state.time
    }

    private static func record(of node: ControllerNode) -> TreeState.ControllerRecord {
        let driver: TreeState.AppearanceDriverRecord? =
            switch node.appearanceDriver {
            case nil: nil
            case .turn: .turn
            case .manual: .manual
            case .transition(let id): .transition(id)
            }
        return TreeState.ControllerRecord(
            id: node.id, kind: node.kind, appearance: node.appearance, appearanceDriver: driver, parent: node.parent,
            children: node.children, isViewLoaded: node.isViewLoaded, sentIsAppearing: node.sentIsAppearing,
            appearanceAnimated: node.appearanceAnimated, isMovingToParent: node.isMovingToParent,
            isMovingFromParent: node.isMovingFromParent, needsLayout: node.needsLayout,
            automaticallyForwardsAppearance: node.automaticallyForwardsAppearance,
            extras: node.hasExtras ? record(of: node.extras) : nil)
    }

    private static func record(of extras: ControllerExtras) -> TreeState.ExtrasRecord {
        TreeState.ExtrasRecord(
            title: extras.title, containerViews: extras.containerViews, preferredContentSize: extras.preferredContentSize,
            statusBarStyle: extras.statusBarStyle, statusBarHidden: extras.statusBarHidden,
            childForStatusBarStyle: extras.childForStatusBarStyle, childForStatusBarHidden: extras.childForStatusBarHidden,
            properties: extras.properties, stack: extras.stack, selectedIndex: extras.selectedIndex,
            interactivePop: extras.interactivePop, split: extras.split, modalPresentationStyle: extras.modalPresentationStyle,
            definesPresentationContext: extras.definesPresentationContext, isModalInPresentation: extras.isModalInPresentation,
            presentedViewController: extras.presentedViewController,
            presentation: extras.presentation.map {
                TreeState.PresentationRecord(
                    presenter: $0.presenter, style: $0.style, phase: $0.phase, coveredSuperview: $0.coveredPlace?.superview,
                    coveredIndex: $0.coveredPlace?.index)
            },
            childContentSizes: extras.childContentSizes, transitionStyle: extras.transitionStyle, pageSwipe: extras.pageSwipe)
    }

    private static func node(from record: TreeState.ControllerRecord) -> ControllerNode {
        var node = ControllerNode(id: record.id, kind: record.kind)
        node.appearance = record.appearance
        node.parent = record.parent
        for child in record.children { node.appendChild(child) }
        node.isViewLoaded = record.isViewLoaded
        node.sentIsAppearing = record.sentIsAppearing
        node.appearanceAnimated = record.appearanceAnimated
        node.isMovingToParent = record.isMovingToParent
        node.isMovingFromParent = record.isMovingFromParent
        node.needsLayout = record.needsLayout
        node.automaticallyForwardsAppearance = record.automaticallyForwardsAppearance
        if let extras = record.extras {
            node.extras = ControllerExtras(
                title: extras.title, containerViews: extras.containerViews, preferredContentSize: extras.preferredContentSize,
                statusBarStyle: extras.statusBarStyle, statusBarHidden: extras.statusBarHidden,
                childForStatusBarStyle: extras.childForStatusBarStyle, childForStatusBarHidden: extras.childForStatusBarHidden,
                properties: extras.properties, stack: extras.stack, selectedIndex: extras.selectedIndex,
                interactivePop: extras.interactivePop, split: extras.split,
                modalPresentationStyle: extras.modalPresentationStyle, definesPresentationContext: extras.definesPresentationContext,
                isModalInPresentation: extras.isModalInPresentation, presentedViewController: extras.presentedViewController,
                presentation: extras.presentation.map { presentation in
                    Presentation(
                        presenter: presentation.presenter, style: presentation.style, phase: presentation.phase,
                        coveredPlace: presentation.coveredSuperview.map { ($0, presentation.coveredIndex ?? 0) })
                },
                childContentSizes: extras.childContentSizes, transitionStyle: extras.transitionStyle, pageSwipe: extras.pageSwipe)
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
