/// Old values of everything a call touched, so a rejected call (or atomic batch) is undone
/// in O(touched) rather than by copying the tree; non-atomic work pays only for what it
/// changes.
///
/// Lives as long as its tree: the stamp must never repeat while a node may still carry it,
/// and the entry buffer is reused from call to call instead of reallocated.
struct UndoLog {
    enum Entry {
        /// A node created or deleted (nil: there was none), restored whole.
        case controller(String, ControllerNode?)
        case view(String, ViewNode?)
        /// A node edited, restored but for its list of children or subviews, which the
        /// entries below restore.
        case controllerExceptChildren(String, ControllerNode)
        case viewExceptSubviews(String, ViewNode)
        case childAppended(parent: String)
        case childRemoved(parent: String, child: String, index: Int)
        case subviewInserted(superview: String, index: Int)
        case subviewRemoved(superview: String, subview: String, index: Int)
        case containerViewOwner(String, String?)
        case window(WindowState)
        case scheduler(Scheduler)
        /// A turn list's length before its first append since the mark: later appends
        /// only add to it, and a take or replacement logs the whole list.
        case turnListCount(Scheduler.TurnList, Int)
        case turnList(Scheduler.TurnList, [String])
        /// A transition recorded as finished, and the oldest one that made room for it.
        case transitionFinished(String, evicted: (id: String, snapshot: TransitionSnapshot)?)
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
        case .controller(let id, var node?):
            node.undoStamp = 0
            self = .controller(id, node)
        case .view(let id, var node?):
            node.undoStamp = 0
            self = .view(id, node)
        case .controllerExceptChildren(let id, var node):
            node.undoStamp = 0
            self = .controllerExceptChildren(id, node)
        case .viewExceptSubviews(let id, var node):
            node.undoStamp = 0
            self = .viewExceptSubviews(id, node)
        case .controller, .view, .childAppended, .childRemoved, .subviewInserted, .subviewRemoved, .containerViewOwner,
            .window, .scheduler, .turnListCount, .turnList, .transitionFinished:
            break
        }
    }
}
