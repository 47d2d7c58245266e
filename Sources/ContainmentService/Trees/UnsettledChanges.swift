import Containment
import Dispatch

/// What a tree's changes not yet known durable did, so that reads show its last durable
/// version at once while they are committed (`ContainmentTree.pastVersion`): each record not
/// yet durable keeps the engine changes it ends, and the last durable version, once asked for,
/// is the tree with them taken back on a copy-on-write copy, kept for the reads until that
/// version moves on. With nothing unsettled the tree itself is that version, and nothing is
/// copied.
struct UnsettledChanges {
    /// Records not yet known durable, oldest first, each with the changes since the record
    /// before it.
    private var recorded: [(ticket: UInt64, changes: [TreeChanges])] = []
    /// Changes since the last record: a refused step that still ran something (a raw-call batch
    /// refused at its first call may log warnings) is on no record, and never durable.
    private var loose: [TreeChanges] = []
    /// The last durable version, built for a read, and which version it is.
    private var past: (version: UInt64, tree: ContainmentTree)?

    /// The tree's step went to the journal under `ticket`: its changes are that record's.
    mutating func record(_ ticket: UInt64, of tree: ContainmentTree) {
        let changes = tree.takeChanges()
        recorded.append((ticket, changes.isEmpty ? loose : loose + [changes]))
        loose = []
    }

    /// Forgets the records up to `ticket`, the newest durable one (tickets become durable in
    /// order).
    mutating func settle(through ticket: UInt64) {
        let settled = recorded.prefix { $0.ticket <= ticket }.count
        if settled > 0 { recorded.removeFirst(settled) }
        if recorded.isEmpty && loose.isEmpty, let built = past {
            past = nil
            Self.release(built.tree)
        }
    }

    /// Drops a past version off this thread: its node tables are its own, and freeing them is
    /// O(tree), which the change that settled it (under its tree's lock) should not wait for.
    private static func release(_ tree: ContainmentTree) {
        let last = LastReference(tree)
        DispatchQueue.global(qos: .utility).async { _ = last }
    }

    /// The tree as of its last durable version, `version`: `live` itself when none of its
    /// changes is unsettled, else a copy with them taken back (built once per version).
    mutating func tree(_ live: ContainmentTree, durableVersion version: UInt64) -> ContainmentTree {
        let taken = live.takeChanges()
        if !taken.isEmpty { loose.append(taken) }
        guard !recorded.isEmpty || !loose.isEmpty else { return live }
        if let past, past.version == version { return past.tree }
        let tree = live.pastVersion(undoing: recorded.flatMap(\.changes) + loose)
        past = (version, tree)
        return tree
    }

    /// The same as a tree of its own, whatever becomes of `live` (a deletion tears it down).
    mutating func detachedTree(_ live: ContainmentTree, durableVersion version: UInt64) -> ContainmentTree {
        let tree = tree(live, durableVersion: version)
        return tree === live ? live.pastVersion(undoing: []) : tree
    }
}

/// A reference to a past version, dropped on another thread: when it is the last one (it is,
/// unless a deletion keeps the version for its reads), the tree is freed there.
private final class LastReference: @unchecked Sendable {
    let tree: ContainmentTree

    init(_ tree: ContainmentTree) { self.tree = tree }
}
