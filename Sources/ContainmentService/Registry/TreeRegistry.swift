import ContainmentPersistence
import Synchronization

/// Every live tree by id. Its lock guards only the dictionary, never a tree operation, so a
/// slow request on one tree can't stall the others.
final class TreeRegistry: Sendable {
    private let trees = Mutex<[String: TreeBox]>([:])
    /// Trees deleted whose deletion may not be durable yet: a change's 404 waits for it, as any
    /// answer showing a change does, while a read and a listing still show the tree. Pruned as
    /// the deletions become durable.
    private let deletions = Mutex<[String: Deletion]>([:])

    /// A deletion not yet known durable: its ticket, what a listing shows of the tree
    /// meanwhile, and the box, which keeps the tree's last durable version for reads until the
    /// deletion is durable (`TreeBox.readDurable`).
    private struct Deletion {
        let ticket: UInt64
        let box: TreeBox
        var acknowledged: AcknowledgedListing
    }
    /// With a shared store, trees given up (to another instance, or a lost lease) with the
    /// ticket of their last record: taking one again waits until that is decided, so that no
    /// record of the old box can land under the new epoch.
    private let givenUp = Mutex<[String: UInt64]>([:])
    private let limit: Int
    /// Whether the trees live in a store shared with other instances: a tree not held here may
    /// still exist, and is taken over (`Problem.loadFirst`) rather than answered 404.
    let isShared: Bool
    /// With a shared store, the session this instance may serve under now: its lease's, nil
    /// while the lease is not valid by its own clock (paused past it, or lost).
    private let servingSession: (@Sendable () -> Int64?)?

    init(limit: Int, isShared: Bool = false, servingSession: (@Sendable () -> Int64?)? = nil) {
        self.limit = limit
        self.isShared = isShared
        self.servingSession = servingSession
    }

    var count: Int { trees.withLock { $0.count } }

    /// Fails early, before a tree is built, when `id` is taken or the registry is full. With a
    /// shared store an id not held here is first looked up there, unless `absent` says it was
    /// (or the service chose it fresh).
    func checkRoom(for id: String, absent: Set<String> = [], isFresh: Bool = false) throws(Problem) {
        try trees.withLock { (trees) throws(Problem) in
            if isShared, trees[id] == nil, !isFresh, !absent.contains(id) { throw .loadFirst(id) }
            try Self.checkRoom(trees, for: id, limit: limit)
        }
    }

    /// Adds a built tree; the same checks again, since another request may have won the race.
    /// `session`: with a shared store, the session it was created or taken over under.
    func insert(_ box: TreeBox, session: Int64? = nil) throws(Problem) {
        try trees.withLock { (trees) throws(Problem) in try Self.list(box, session: session, in: &trees, limit: limit) }
    }

    /// Lists a tree taken over from the shared store under `session`, only while that is still
    /// the lease this instance serves under: a copy read under a lease since lost (a pause, a
    /// broken connection while the takeover was under way) may lack what another instance
    /// changed meanwhile. Checked under the lock that the lost lease's give-up lists the trees
    /// under, so a tree is either refused here or given up there. False when not listed.
    func insert(_ box: TreeBox, takenOverUnder session: Int64) throws(Problem) -> Bool {
        try trees.withLock { (trees) throws(Problem) -> Bool in
            guard servingSession?() == session else { return false }
            try Self.list(box, session: session, in: &trees, limit: limit)
            return true
        }
    }

    private static func list(_ box: TreeBox, session: Int64?, in trees: inout [String: TreeBox], limit: Int) throws(Problem) {
        try checkRoom(trees, for: box.id, limit: limit)
        box.heldUnder.store(session ?? 0, ordering: .releasing)
        trees[box.id] = box
    }

    /// Whether `box` may be served from memory: always without a shared store; with one, only
    /// while the lease it was taken under is valid (a lease read: no other instance can have
    /// taken it meanwhile). Otherwise it is taken over again (`Problem.loadFirst`).
    func isServable(_ box: TreeBox) -> Bool {
        guard let servingSession else { return true }
        return box.heldUnder.load(ordering: .acquiring) == servingSession()
    }

    func box(_ id: String) throws(Problem) -> TreeBox {
        guard let box = trees.withLock({ $0[id] }) else { throw .treeNotFound(id) }
        return box
    }

    /// The tree when `caller` may see it; a tree another token created answers exactly like
    /// a missing one, so ids never reveal whether someone else's tree exists. A tree whose
    /// deletion is not yet durable is the torn-down box for a read (`reading`), which shows its
    /// last durable version; for a change the 404 leaves the deletion's ticket in `commit`.
    /// With a shared store a tree not held here is taken over first (`Problem.loadFirst`),
    /// unless `absent` says the store has none.
    func box(_ id: String, for caller: Caller?, commit: PendingCommit?, absent: Set<String> = [], reading: Bool = false) throws(Problem) -> TreeBox {
        guard let box = trees.withLock({ $0[id] }), caller.canSee(treeOwnedBy: box.owner) else {
            if isShared, !absent.contains(id), trees.withLock({ $0[id] }) == nil { throw .loadFirst(id) }
            let deleted = deletions.withLock { $0[id] }
            if reading, let deleted, caller.canSee(treeOwnedBy: deleted.box.owner) { return deleted.box }
            if let commit, !reading, let deleted { commit.observe(deleted.ticket) }
            throw .treeNotFound(id)
        }
        guard isServable(box) else { throw .loadFirst(id) }
        return box
    }

    /// The box held under `id`, if any, whoever may see it.
    func held(_ id: String) -> TreeBox? { trees.withLock { $0[id] } }

    /// Unlists a tree given up to another instance (under its lock); `ticket`: its last record.
    func unlistGivenUp(_ box: TreeBox, lastTicket ticket: UInt64, decided: (UInt64) -> Bool) {
        trees.withLock { trees in
            if trees[box.id] === box { trees[box.id] = nil }
        }
        givenUp.withLock { givenUp in
            givenUp = givenUp.filter { !decided($0.value) }
            givenUp[box.id] = ticket
        }
    }

    /// The last record's ticket of the latest box of `id` given up, if it may not be decided.
    func givenUpTicket(_ id: String) -> UInt64? { givenUp.withLock { $0[id] } }

    /// Every tree held, in no order.
    var all: [TreeBox] { trees.withLock { Array($0.values) } }

    /// Unlists a tree being torn down, under its lock (`TreeBox.tearDown`), so a refused
    /// deletion leaves it listed; `ticket`: its deletion's journal record (0 without one),
    /// `acknowledged`: how it lists until that is durable. `durable` prunes the deletions
    /// already durable.
    func unlist(_ box: TreeBox, durableAfter ticket: UInt64, acknowledged: AcknowledgedListing, durable: (UInt64) -> Bool) {
        trees.withLock { trees in
            if trees[box.id] === box { trees[box.id] = nil }
        }
        guard ticket != 0 else { return }
        deletions.withLock { deletions in
            deletions = deletions.filter { !durable($0.value.ticket) }
            deletions[box.id] = Deletion(ticket: ticket, box: box, acknowledged: acknowledged)
        }
    }

    /// Up to `limit` of the trees `caller` may see, in id order after `cursor` (exclusive),
    /// and the cursor of the next page; without a state directory (see `acknowledgedPage`).
    func page(after cursor: String?, limit: Int, visibleTo caller: Caller?) -> (boxes: [TreeBox], nextCursor: String?) {
        let all = all.filter { caller.canSee(treeOwnedBy: $0.owner) }
        let sorted = all.filter { box in cursor.map { box.id > $0 } ?? true }.sorted { $0.id < $1.id }
        let page = Array(sorted.prefix(limit))
        return (page, sorted.count > limit ? page.last?.id : nil)
    }

    /// Up to `limit` of the trees `caller` may see, in id order after `cursor` (exclusive), each
    /// as `listing` shows it (as of its last acknowledged change; left out when nil), and the
    /// cursor of the next page. Waits for no commit: a tree whose deletion is not durable yet
    /// is still shown, one whose creation is not is not yet.
    func acknowledgedPage(
        after cursor: String?, limit: Int, visibleTo caller: Caller?, isDurable: (UInt64) -> Bool, listing: (TreeBox) -> TreeListing?
    ) -> (trees: [(id: String, clock: TreeClock, listing: TreeListing)], nextCursor: String?) {
        let isShown = { (id: String, owner: String?) in caller.canSee(treeOwnedBy: owner) && cursor.map { id > $0 } ?? true }
        let deleted = deletions.withLock { deletions -> [(id: String, clock: TreeClock, listing: TreeListing)] in
            deletions = deletions.filter { !isDurable($0.value.ticket) }
            var deleted: [(id: String, clock: TreeClock, listing: TreeListing)] = []
            for (id, deletion) in deletions where isShown(id, deletion.box.owner) {
                guard let listed = deletions[id]?.acknowledged.settle(isDurable: isDurable) else { continue }
                deleted.append((id, deletion.box.clock, listed))
            }
            return deleted
        }
        // Live trees are read only as far as the page needs.
        let candidates =
            (all.filter { isShown($0.id, $0.owner) }.map { (id: $0.id, box: Optional($0), deleted: nil as TreeListing?, clock: $0.clock) }
            + deleted.map { (id: $0.id, box: nil, deleted: Optional($0.listing), clock: $0.clock) }).sorted { $0.id < $1.id }
        var shown: [(id: String, clock: TreeClock, listing: TreeListing)] = []
        // An id deleted and created again may have two entries: at most one has something acknowledged.
        for candidate in candidates where shown.last?.id != candidate.id {
            guard let listed = candidate.deleted ?? candidate.box.flatMap(listing) else { continue }
            if shown.count == limit { return (shown, shown.last?.id) }
            shown.append((candidate.id, candidate.clock, listed))
        }
        return (shown, nil)
    }

    private static func checkRoom(_ trees: [String: TreeBox], for id: String, limit: Int) throws(Problem) {
        if trees[id] != nil {
            throw Problem(status: 409, code: "tree_exists", detail: "A tree with id \(id) already exists.", field: "id")
        }
        if trees.count >= limit {
            throw .limitExceeded("The service holds its maximum of \(limit) trees.", code: "tree_limit_exceeded")
        }
    }
}
