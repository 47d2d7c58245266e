/// What a snapshot queue holds: a snapshot, with whatever its store fixed when it was taken.
protocol SnapshotQueueEntry {
    var pending: PendingSnapshot { get }
}

extension PendingSnapshot: SnapshotQueueEntry {
    var pending: PendingSnapshot { self }
}

/// Snapshots taken but not yet written, oldest first, at most one per tree (a newer one
/// replaces it: it covers everything the older one did). Writer-owned.
struct SnapshotQueue<Entry: SnapshotQueueEntry> {
    private var queued: [Entry] = []

    var isEmpty: Bool { queued.isEmpty }

    mutating func enqueue(_ snapshot: Entry) {
        queued.removeAll { $0.pending.tree == snapshot.pending.tree }
        queued.append(snapshot)
    }

    /// A queued snapshot of a deleted tree must not land on a new one with its id.
    mutating func drop(tree: String) {
        queued.removeAll { $0.pending.tree == tree }
    }

    /// The oldest `count` snapshots, taken off the queue.
    mutating func take(_ count: Int) -> [Entry] {
        let taken = Array(queued.prefix(count))
        queued.removeFirst(taken.count)
        return taken
    }
}
