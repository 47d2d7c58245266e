/// Old values of everything a call touched, so a rejected call (or atomic batch) is undone
/// in O(touched) rather than by copying the tree; non-atomic work pays only for what it
/// changes.
struct UndoLog {
    enum Entry {
        case controller(String, ControllerNode?)
        case view(String, ViewNode?)
        case containerViewOwner(String, String?)
        case window(WindowState)
        case scheduler(Scheduler)
    }

    /// A point to roll back to.
    struct Mark {
        var entryCount: Int
        var eventCount: Int
        var nextSeq: UInt64
    }

    var entries: [Entry] = []
    /// What has been saved since the last mark; saving once per mark is enough.
    var savedControllers: Set<String> = []
    var savedViews: Set<String> = []
    var savedContainerViewOwners: Set<String> = []
    var savedWindow = false
    var savedScheduler = false

    mutating func mark(tree: ContainmentTree) -> Mark {
        forgetSaved()
        return Mark(entryCount: entries.count, eventCount: tree.pendingEvents.count, nextSeq: tree.nextSeq)
    }

    /// Releases rather than clears in place: clearing keeps the capacity and costs it on
    /// every mark, which a batch of small calls after one large call would pay each time.
    mutating func forgetSaved() {
        savedControllers = []
        savedViews = []
        savedContainerViewOwners = []
        savedWindow = false
        savedScheduler = false
    }
}

extension ContainmentTree {
    // MARK: Calls as transactions

    func beginCall(now: Double) {
        self.now = now
        pendingEvents = []
        undo = UndoLog()
    }

    /// Runs `body` as one public call: a turn that either completes or leaves no trace.
    func mutate(now: Double, _ body: () throws(ContainmentError) -> Void) throws(ContainmentError) -> [Event] {
        beginCall(now: now)
        let mark = undo.mark(tree: self)
        do {
            try body()
            flushTurn()
        } catch {
            rollback(to: mark)
            pendingEvents = []
            throw error
        }
        return commitCall()
    }

    func rollback(to mark: UndoLog.Mark) {
        while undo.entries.count > mark.entryCount {
            switch undo.entries.removeLast() {
            case .controller(let id, let old): controllers[id] = old
            case .view(let id, let old): views[id] = old
            case .containerViewOwner(let id, let old): containerViewOwners[id] = old
            case .window(let old): window = old
            case .scheduler(let old): scheduler = old
            }
        }
        pendingEvents.removeLast(pendingEvents.count - mark.eventCount)
        nextSeq = mark.nextSeq
        undo.forgetSaved()
    }

    func commitCall() -> [Event] {
        for event in pendingEvents {
            log.append(event)
        }
        let events = pendingEvents
        pendingEvents = []
        undo = UndoLog()
        return events
    }

    // MARK: Logged storage

    @discardableResult
    func editController<R>(_ id: String, _ body: (inout ControllerNode) -> R) -> R {
        saveController(id)
        return body(&controllers[id]!)
    }

    func storeController(_ node: ControllerNode?, id: String) {
        saveController(id)
        controllers[id] = node
    }

    @discardableResult
    func editView<R>(_ id: String, _ body: (inout ViewNode) -> R) -> R {
        saveView(id)
        return body(&views[id]!)
    }

    func storeView(_ node: ViewNode?, id: String) {
        saveView(id)
        views[id] = node
    }

    /// Keeps a node's state from before its first change in this call, once per call.
    private func saveController(_ id: String) {
        if undo.savedControllers.insert(id).inserted {
            undo.entries.append(.controller(id, controllers[id]))
        }
    }

    private func saveView(_ id: String) {
        if undo.savedViews.insert(id).inserted {
            undo.entries.append(.view(id, views[id]))
        }
    }

    func storeContainerViewOwner(_ owner: String?, for view: String) {
        if undo.savedContainerViewOwners.insert(view).inserted {
            undo.entries.append(.containerViewOwner(view, containerViewOwners[view]))
        }
        containerViewOwners[view] = owner
    }

    func editWindow(_ body: (inout WindowState) -> Void) {
        if !undo.savedWindow {
            undo.savedWindow = true
            undo.entries.append(.window(window))
        }
        body(&window)
    }

    @discardableResult
    func editScheduler<R>(_ body: (inout Scheduler) -> R) -> R {
        if !undo.savedScheduler {
            undo.savedScheduler = true
            undo.entries.append(.scheduler(scheduler))
        }
        return body(&scheduler)
    }

    // MARK: Events

    /// Records one callback; appearance callbacks carry the controller's moving flags.
    func emit(_ controller: String, _ callback: String, _ args: [String: JSONValue] = [:], appearance: Bool = false) {
        let node = appearance ? controllers[controller] : nil
        pendingEvents.append(
            Event(
                seq: nextSeq, tree: id, time: now, controller: controller, callback: callback, args: args,
                isMovingToParent: node?.isMovingToParent, isMovingFromParent: node?.isMovingFromParent))
        nextSeq += 1
    }

    /// Records what UIKit would log instead of acting.
    func warn(_ controller: String?, _ message: String) {
        pendingEvents.append(
            Event(seq: nextSeq, tree: id, time: now, controller: controller, callback: nil, args: [:], warning: message))
        nextSeq += 1
    }
}
