/// Old values of everything a call touched, so a rejected call (or atomic batch) is undone
/// in O(touched) rather than by copying the tree; non-atomic work pays only for what it
/// changes.
///
/// Lives as long as its tree: the stamp must never repeat while a node may still carry it,
/// and the entry buffer is reused from call to call instead of reallocated.
struct UndoLog {
    enum Entry {
        /// A node created (`appended`: in a new slot), undone by deleting it again.
        case controllerCreated(NodeHandle, appended: Bool)
        case viewCreated(NodeHandle, appended: Bool)
        /// A node deleted, restored whole under its old handle.
        case controllerDeleted(NodeHandle, ControllerNode)
        case viewDeleted(NodeHandle, id: String, ViewNode)
        /// A node edited, restored but for its list of children or subviews, which the
        /// entries below restore.
        case controllerExceptChildren(NodeHandle, ControllerNode)
        case viewExceptSubviews(NodeHandle, ViewNode)
        case childAppended(parent: NodeHandle)
        case childRemoved(parent: NodeHandle, child: NodeHandle, index: Int)
        case subviewInserted(superview: NodeHandle, index: Int)
        case subviewRemoved(superview: NodeHandle, subview: NodeHandle, index: Int)
        case containerViewOwner(String, String?)
        case window(WindowState)
        case scheduler(Scheduler)
        /// A turn list's length before its first append since the mark: later appends
        /// only add to it, and a take or replacement logs the whole list.
        case turnListCount(Scheduler.TurnList, Int)
        case turnList(Scheduler.TurnList, [NodeHandle])
        /// A transition recorded as finished, and the oldest one that made room for it.
        case transitionFinished(String, evicted: FinishedTransitions.Eviction?)
    }

    /// A point to roll back to.
    struct Mark {
        var entryCount: Int
        var eventCount: Int
        var nextSeq: UInt64
    }

    var entries: [Entry] = []
    /// Off where no rollback can reach (`ContainmentTree.withoutUndo`): nothing is saved.
    var isRecording = true
    /// Nodes carrying this stamp were saved since the last mark: saving once per mark is
    /// enough, and a stamp in the node costs no hashing and no allocation, unlike a set.
    private(set) var stamp: UInt32 = 1
    /// The stamp of the call in progress's first mark: a node carrying it or a later one was
    /// saved since the call began (stamps only grow within a call, until they wrap around).
    private(set) var callStamp: UInt32 = 1
    /// Recording only so that kept changes take the whole call back (`withoutUndo` while
    /// `keepsChanges`): no rollback reaches this work, so a node saved once since the call
    /// began needs no second save.
    var savesOncePerCall = false
    var savedContainerViewOwners: Set<String> = []
    var savedWindow = false
    var savedScheduler = false
    /// The turn lists whose length is logged since the mark (`TurnList` bits).
    var countedTurnLists: UInt8 = 0

    /// Entries kept between calls; a call that touched more releases its buffer at the end,
    /// so one huge call does not hold memory for the tree's lifetime.
    static let retainedCapacity = 64

    /// Starts a new stamp; the set is released rather than cleared in place, since clearing
    /// keeps the capacity and costs it on every mark. Returns false when the stamp wrapped
    /// around, after which nodes still carrying old stamps must be reset.
    mutating func forgetSaved() -> Bool {
        if !savedContainerViewOwners.isEmpty { savedContainerViewOwners = [] }
        savedWindow = false
        savedScheduler = false
        countedTurnLists = 0
        guard stamp < .max else {
            stamp = 1
            return false
        }
        stamp += 1
        return true
    }

    /// A call begins at the current stamp (`forgetSaved` just gave a new one).
    mutating func beginCall() { callStamp = stamp }

    /// The oldest stamp of a node saved already (up to `stamp`), as the recording in progress
    /// counts saves: since the last mark, or since the call began (`savesOncePerCall`).
    var savedSince: UInt32 { savesOncePerCall ? callStamp : stamp }

    /// Drops the entries of a finished call, keeping a small buffer for the next one.
    mutating func dropEntries() {
        if entries.capacity > Self.retainedCapacity {
            entries = []
        } else {
            entries.removeAll(keepingCapacity: true)
        }
    }
}

extension UndoLog.Entry {
    /// A saved node's stamp back to 0, when stamps start again at 1.
    mutating func clearStamp() {
        switch self {
        case .controllerDeleted(let handle, var node):
            node.undoStamp = 0
            self = .controllerDeleted(handle, node)
        case .viewDeleted(let handle, let id, var node):
            node.undoStamp = 0
            self = .viewDeleted(handle, id: id, node)
        case .controllerExceptChildren(let handle, var node):
            node.undoStamp = 0
            self = .controllerExceptChildren(handle, node)
        case .viewExceptSubviews(let handle, var node):
            node.undoStamp = 0
            self = .viewExceptSubviews(handle, node)
        case .controllerCreated, .viewCreated, .childAppended, .childRemoved, .subviewInserted, .subviewRemoved, .containerViewOwner,
            .window, .scheduler, .turnListCount, .turnList, .transitionFinished:
            break
        }
    }
}
