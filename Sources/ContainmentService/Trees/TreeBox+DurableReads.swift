import Containment
import ContainmentPersistence
import MicroHTTP

/// Reads never wait for a writer. With a journal (a state directory or a shared store) a read
/// shows the tree as of its last durable version, at once: a change whose record is still
/// being committed (or stalled: a frozen disk, a held database commit) is neither shown nor
/// waited for, as it is not acknowledged yet. Due transitions are left to the timer here: their
/// completions are changes like any other. Without a journal every change is the tree's last
/// durable version, and reads complete due transitions first (`read`).
extension TreeBox {
    /// Reads the tree as of its last durable version: `body` gets that version's listing and
    /// the lock's state, and asks `tree(asOf:_:)` for the tree only if it needs it (a read
    /// answered from a cached encoding does not).
    func readDurable<Result: Sendable>(
        commit: PendingCommit?, _ body: (TreeListing, inout State) throws(Problem) -> Result
    ) throws(Problem) -> Result {
        guard let journal = environment.journal, unavailable == nil else {
            return try withTree(changes: false, commit: commit) { (tree, _, state) throws(Problem) in
                (try body(TreeListing(version: state.version, lastSeq: tree.lastSeq, controllers: tree.controllerCount), &state), [])
            }.0
        }
        return try state.withLock { (state: inout State) throws(Problem) -> Result in
            try body(try durableListing(&state, journal), &state)
        }
    }

    /// The tree as of its last durable version (`readDurable`), for a read that needs the tree
    /// itself.
    func readDurableTree<Result: Sendable>(
        commit: PendingCommit?, _ body: (ContainmentTree) throws(Problem) -> Result
    ) throws(Problem) -> Result {
        try readDurable(commit: commit) { (listing, state) throws(Problem) in try body(tree(asOf: listing, &state)) }
    }

    /// The tree as of `listing`, which `readDurable` gave: the version before a deletion not
    /// durable yet, a copy with the unsettled changes taken back (`UnsettledChanges`, built once
    /// per version), or the tree itself when it has none (and always without a journal).
    func tree(asOf listing: TreeListing, _ state: inout State) -> ContainmentTree {
        if state.isDeleted, let before = state.beforeDeletion { return before.tree }
        return state.unsettled.tree(state.tree, durableVersion: listing.version)
    }

    /// Reads the tree as it now stands, with the listing of its last durable version: `body`
    /// must show nothing past that listing (an events page ends at its `lastSeq`). Cheaper than
    /// `readDurable` where filtering suffices: no past version is built.
    func readAcknowledged<Result: Sendable>(
        commit: PendingCommit?, _ body: (ContainmentTree, TreeListing) throws(Problem) -> Result
    ) throws(Problem) -> Result {
        guard let journal = environment.journal, unavailable == nil else {
            return try read(commit: commit) { (tree) throws(Problem) in
                try body(tree, TreeListing(lastSeq: tree.lastSeq, controllers: tree.controllerCount))
            }
        }
        return try state.withLock { (state: inout State) throws(Problem) -> Result in
            try body(state.tree, try durableListing(&state, journal))
        }
    }

    /// The listing of the tree's last durable version, or why a read has none: its creation is
    /// not durable yet, or its deletion is (404, at once: the version shown is the last durable
    /// one), or it moved to another instance. A tree torn down whose deletion is not durable
    /// yet shows the version before it.
    private func durableListing(_ state: inout State, _ journal: StateJournal) throws(Problem) -> TreeListing {
        if state.isDeleted {
            guard let before = state.beforeDeletion, !journal.isDurable(state.journal.lastTicket) else { throw .treeNotFound(id) }
            return before.listing
        }
        guard !state.isGivenUp else { throw .loadFirst(id) }
        guard let listing = state.acknowledged.settle(isDurable: journal.isDurable) else { throw .treeNotFound(id) }
        state.unsettled.settle(through: state.acknowledged.durableTicket)
        return listing
    }

    /// How the tree lists as of its last acknowledged change; nil when it has none, or cannot
    /// be rebuilt. Never waits for a commit.
    func acknowledgedListing() -> TreeListing? {
        guard let journal = environment.journal, unavailable == nil else { return nil }
        return state.withLock { $0.acknowledged.settle(isDurable: journal.isDurable) }
    }

    /// The snapshot of the tree's last durable version as compact JSON (or gzip-coded, as
    /// `preference` chooses), cached per version (`SnapshotCache`).
    func encodedSnapshot(_ preference: GzipPreference, commit: PendingCommit?) throws(Problem) -> SnapshotCache.Representation {
        try readDurable(commit: commit) { (listing, state) in
            if let cached = state.snapshot.cachedRepresentation(version: listing.version, preference) { return cached }
            let tree = tree(asOf: listing, &state)
            return state.snapshot.representation(of: tree, incarnation: incarnation, history: history, version: listing.version, preference)
        }
    }

    /// The same as indented JSON, encoded at most once per version.
    func prettySnapshot(commit: PendingCommit?) throws(Problem) -> HTTPSharedBytes {
        try readDurable(commit: commit) { (listing, state) in
            if let cached = state.snapshot.cachedPretty(version: listing.version) { return cached }
            let tree = tree(asOf: listing, &state)
            return state.snapshot.pretty(of: tree, incarnation: incarnation, history: history, version: listing.version)
        }
    }
}
