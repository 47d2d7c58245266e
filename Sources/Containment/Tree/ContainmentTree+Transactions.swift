/// Calls as transactions: every change goes through the logged storage below, so a rejected
/// call (or atomic batch) can be undone from the `UndoLog`; events wait in the call in
/// progress (`OngoingCall`) until it commits.
extension ContainmentTree {
    // MARK: Calls as transactions

    func beginCall(now: Double) {
        if kept.isOn { kept.start = CallStart(self) }
        ongoing.begin(now: now)
        undo.dropEntries()
        forgetSavedNodes()
        undo.beginCall()
        overrides.beginCall()
    }

    /// A point to roll back to; what is changed after it is saved again.
    func markUndo() -> UndoLog.Mark {
        forgetSavedNodes()
        return UndoLog.Mark(entryCount: undo.entries.count, eventCount: ongoing.events.count, nextSeq: ongoing.nextSeq)
    }

    /// Every node counts as unsaved from here on. After 4 billion marks the stamp starts
    /// again at 1, and a node still carrying an old stamp (or saved with one, to be restored)
    /// could look saved, so then all stamps go back to 0 (O(tree), once per 4 billion marks).
    func forgetSavedNodes() {
        guard !undo.forgetSaved() else { return }
        nodes.controllers.updateEach { $0.undoStamp = 0 }
        nodes.views.updateEach { $0.undoStamp = 0 }
        for index in undo.entries.indices {
            undo.entries[index].clearStamp()
        }
    }

    /// Runs `body` as one public call: a turn that either completes or leaves no trace.
    func mutate(now: Double, _ body: () throws(ContainmentError) -> Void) throws(ContainmentError) -> [Event] {
        beginCall(now: now)
        let mark = markUndo()
        do {
            try body()
            try takeOverrideFailure()
            withoutUndo { flushTurn() }
            try takeOverrideFailure()
            overrides.acceptCall()
        } catch {
            rollback(to: mark)
            ongoing.abandon()
            throw error
        }
        return commitCall()
    }

    /// Runs `body` without undo entries, for work that no rollback can reach: the end of a
    /// transaction that has succeeded, or the part of a raw call after everything that can
    /// fail (`finishCall`). A rollback to a mark taken before `body` would leave its changes
    /// in place, so every caller must make sure none can happen; `recordingUndo` turns the
    /// log back on for work inside that takes and rolls back to its own marks. While changes
    /// are kept (`keepsChanges`) the entries are still made, for `pastVersion`, at their cost.
    func withoutUndo(_ body: () -> Void) {
        // An override may fail anywhere and refuse the whole request (rule 40).
        guard !overrides.anyDeclared else { return body() }
        let wasRecording = undo.isRecording
        let refused = overrides.run.refuses
        // A bound passed here (a walk that loops, too many events) could not be taken back, and
        // a refused call must leave nothing: it is logged as a warning instead.
        overrides.run.refuses = false
        // Kept changes must take the whole call back (`pastVersion`), this part too.
        let savedOncePerCall = undo.savesOncePerCall
        undo.isRecording = kept.isOn
        undo.savesOncePerCall = kept.isOn
        body()
        overrides.run.refuses = refused
        undo.isRecording = wasRecording
        undo.savesOncePerCall = savedOncePerCall
    }

    /// Applies `call` for a caller that goes on when UIKit refuses it (a transition's
    /// completion block, an override): the refused call is undone at once and `onFailure` runs,
    /// both on the undo log. Answers whether the call was applied.
    @discardableResult
    func applyUndoingFailure(_ call: RawCall, onFailure: (ContainmentError) -> Void) -> Bool {
        var applied = true
        recordingUndo {
            let mark = markUndo()
            do throws(ContainmentError) {
                try apply(call, field: "")
            } catch {
                rollback(to: mark)
                onFailure(error)
                applied = false
            }
        }
        return applied
    }

    /// The opposite of `withoutUndo`, for a step that may roll back to a mark it takes itself.
    func recordingUndo(_ body: () -> Void) {
        let wasRecording = undo.isRecording
        let savedOncePerCall = undo.savesOncePerCall
        undo.isRecording = true
        undo.savesOncePerCall = false
        body()
        undo.isRecording = wasRecording
        undo.savesOncePerCall = savedOncePerCall
    }

    func rollback(to mark: UndoLog.Mark) {
        while undo.entries.count > mark.entryCount {
            switch undo.entries.removeLast() {
            case .controllerCreated(let handle, let appended): nodes.controllers.undoInsert(handle, appended: appended)
            case .viewCreated(let handle, let appended): nodes.views.undoInsert(handle, appended: appended)
            case .controllerDeleted(let handle, let old): nodes.controllers.undoRemove(handle, node: old, id: old.id)
            case .viewDeleted(let handle, let id, let old): nodes.views.undoRemove(handle, node: old, id: id)
            case .controllerExceptChildren(let handle, var old):
                old.keepChildren(of: &nodes.controllers[handle])
                nodes.controllers[handle] = old
            case .viewExceptSubviews(let handle, var old):
                old.keepSubviews(of: &nodes.views[handle])
                nodes.views[handle] = old
            case .childAppended(let parent): nodes.controllers[parent].removeLastChild()
            case .childRemoved(let parent, let child, let index): nodes.controllers[parent].insertChild(child, at: index)
            case .subviewInserted(let superview, let index): nodes.views[superview].removeSubview(at: index)
            case .subviewRemoved(let superview, let subview, let index): nodes.views[superview].insertSubview(subview, at: index)
            case .containerViewOwner(let id, let old): nodes.containerViewOwners[id] = old
            case .window(let old): nodes.window = old
            case .scheduler(let old): time.scheduler = old
            case .turnListCount(let list, let count): time.scheduler[list].removeLast(time.scheduler[list].count - count)
            case .turnList(let list, let old): time.scheduler[list] = old
            case .transitionFinished(let id, let evicted): time.finishedTransitions.undoRecord(id, evicted: evicted)
            }
        }
        ongoing.rollBack(eventCount: mark.eventCount, nextSeq: mark.nextSeq)
        forgetSavedNodes()
    }

    func commitCall() -> [Event] {
        let events = ongoing.takeEvents()
        log.append(contentsOf: events)
        if kept.isOn, let start = kept.start {
            kept.keep(&undo.entries, start: start)
        } else {
            undo.dropEntries()
        }
        return events
    }

    // MARK: Logged storage

    /// Edits a node in place, saving it first (without its children) if this is its first
    /// change since the mark.
    @discardableResult
    func editController<R>(_ handle: NodeHandle, _ body: (inout ControllerNode) -> R) -> R {
        let stamp = undo.stamp
        let savedSince = undo.savedSince
        let isRecording = undo.isRecording
        var saved: ControllerNode?
        // One in-place access: reading the node first would copy all of it.
        let result = Self.edit(&nodes.controllers[handle]) { node in
            if isRecording, node.undoStamp < savedSince || node.undoStamp > stamp {
                saved = node.withoutChildren
                node.undoStamp = stamp
            }
            return body(&node)
        }
        if let saved { undo.entries.append(.controllerExceptChildren(handle, saved)) }
        return result
    }

    /// `editController` for a controller an id link names (see `NodeTable.existing`).
    @discardableResult
    func editController<R>(_ id: String, _ body: (inout ControllerNode) -> R) -> R {
        // Through the remembered handles; a miss is an engine bug, as for `existing(_:)`.
        guard let handle = controllerHandle(named: id) else { preconditionFailure("node \(id) is linked but not stored") }
        return editController(handle, body)
    }

    /// Reads a node where it is stored. The table's getter returns the whole node, retaining
    /// its id, children and extras only to release them again, which costs more than the
    /// field read; an in-place access copies nothing, and `body` cannot change the node.
    func readController<R>(_ handle: NodeHandle, _ body: (borrowing ControllerNode) -> R) -> R {
        Self.edit(&nodes.controllers[handle]) { body($0) }
    }

    /// `readController` by id: nil when there is no such controller or `body` says nil.
    func readController<R>(_ id: String, _ body: (borrowing ControllerNode) -> R?) -> R? {
        guard let handle = controllerHandle(named: id) else { return nil }
        return readController(handle, body)
    }

    /// Like `readController`.
    func readView<R>(_ handle: NodeHandle, _ body: (borrowing ViewNode) -> R) -> R {
        Self.edit(&nodes.views[handle]) { body($0) }
    }

    /// Like `readController`.
    func readView<R>(_ id: String, _ body: (borrowing ViewNode) -> R?) -> R? {
        guard let handle = nodes.views.handle(id) else { return nil }
        return readView(handle, body)
    }

    /// Creates a controller. Its creation is logged, not its state: rollback deletes it
    /// again, and its stamp marks it saved, so edits until the next mark log nothing.
    @discardableResult
    func insertController(_ node: ControllerNode) -> NodeHandle {
        var node = node
        node.undoStamp = undo.stamp
        let (handle, appended) = nodes.controllers.insert(node, id: node.id)
        if undo.isRecording { undo.entries.append(.controllerCreated(handle, appended: appended)) }
        return handle
    }

    /// Deletes a controller, saving it whole (an edit since the mark saved it without its
    /// children; rollback replays newest first, so the oldest saved state wins).
    func removeController(_ handle: NodeHandle) {
        let (node, _) = nodes.controllers.remove(handle)
        if undo.isRecording { undo.entries.append(.controllerDeleted(handle, node)) }
    }

    @discardableResult
    func editView<R>(_ handle: NodeHandle, _ body: (inout ViewNode) -> R) -> R {
        let stamp = undo.stamp
        let savedSince = undo.savedSince
        let isRecording = undo.isRecording
        var saved: ViewNode?
        let result = Self.edit(&nodes.views[handle]) { node in
            if isRecording, node.undoStamp < savedSince || node.undoStamp > stamp {
                saved = node.withoutSubviews
                node.undoStamp = stamp
            }
            return body(&node)
        }
        if let saved { undo.entries.append(.viewExceptSubviews(handle, saved)) }
        return result
    }

    /// Runs `body` on one in-place access to `value`.
    private static func edit<Value, R>(_ value: inout Value, _ body: (inout Value) -> R) -> R {
        body(&value)
    }

    /// Like `insertController`.
    @discardableResult
    func insertView(_ node: ViewNode, id: String) -> NodeHandle {
        var node = node
        node.undoStamp = undo.stamp
        let (handle, appended) = nodes.views.insert(node, id: id)
        if undo.isRecording { undo.entries.append(.viewCreated(handle, appended: appended)) }
        return handle
    }

    /// Like `removeController`.
    func removeView(_ handle: NodeHandle) {
        let (node, id) = nodes.views.remove(handle)
        if undo.isRecording { undo.entries.append(.viewDeleted(handle, id: id, node)) }
    }

    func storeContainerViewOwner(_ owner: String?, for view: String) {
        if undo.isRecording, undo.savedContainerViewOwners.insert(view).inserted {
            undo.entries.append(.containerViewOwner(view, nodes.containerViewOwners[view]))
        }
        nodes.containerViewOwners[view] = owner
    }

    func editWindow(_ body: (inout WindowState) -> Void) {
        if undo.isRecording, !undo.savedWindow {
            undo.savedWindow = true
            undo.entries.append(.window(nodes.window))
        }
        body(&nodes.window)
    }

    /// For the transitions part of the scheduler; the turn's lists change by the two below,
    /// so that a call appending to them neither copies the scheduler nor, by sharing its
    /// lists with the copy, makes the next append copy a list.
    @discardableResult
    func editScheduler<R>(_ body: (inout Scheduler) -> R) -> R {
        if undo.isRecording, !undo.savedScheduler {
            undo.savedScheduler = true
            undo.entries.append(.scheduler(time.scheduler))
        }
        return body(&time.scheduler)
    }

    func appendToTurnList(_ list: Scheduler.TurnList, _ controller: NodeHandle) {
        if undo.isRecording, undo.countedTurnLists & list.rawValue == 0 {
            undo.countedTurnLists |= list.rawValue
            undo.entries.append(.turnListCount(list, time.scheduler[list].count))
        }
        time.scheduler[list].append(controller)
    }

    /// Empties a list, returning what it held.
    func takeTurnList(_ list: Scheduler.TurnList) -> [NodeHandle] {
        let taken = time.scheduler[list]
        replaceTurnList(list, with: [])
        return taken
    }

    func replaceTurnList(_ list: Scheduler.TurnList, with new: [NodeHandle]) {
        if undo.isRecording { undo.entries.append(.turnList(list, time.scheduler[list])) }
        time.scheduler[list] = new
    }

    // MARK: Events

    /// Records one callback; appearance callbacks carry the controller's moving flags, which
    /// the caller passes from the node it already holds rather than looking it up again.
    func emit(_ controller: String, _ callback: String, _ args: [String: JSONValue] = [:], moving: MovingFlags? = nil) {
        ongoing.events.append(
            Event(
                seq: ongoing.nextSeq, batch: ongoing.nextBatch, tree: id, time: ongoing.now, controller: controller, callback: callback, args: args,
                isMovingToParent: moving?.toParent, isMovingFromParent: moving?.fromParent,
                isBeingPresented: moving?.beingPresented == true ? true : nil,
                isBeingDismissed: moving?.beingDismissed == true ? true : nil, calledFrom: overrides.run.frames.last))
        ongoing.nextSeq += 1
        checkEventBound()
    }

    /// Records what UIKit would log instead of acting.
    func warn(_ controller: String?, _ message: String) {
        ongoing.events.append(
            Event(
                seq: ongoing.nextSeq, batch: ongoing.nextBatch, tree: id, time: ongoing.now, controller: controller, callback: nil, args: [:], warning: message,
                calledFrom: overrides.run.frames.last))
        ongoing.nextSeq += 1
        checkEventBound()
    }
}
