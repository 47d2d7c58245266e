/// The newest finished transitions, for `GET .../transitions/{id}`. Kept apart from the
/// `Scheduler`, which the undo log saves whole, so that a completion does not copy them all;
/// each completion is logged on its own instead (`UndoLog.Entry.transitionFinished`).
struct FinishedTransitions {
    var snapshots: [String: TransitionSnapshot] = [:]
    /// Ids oldest first, from `evictedCount` on; the ids before it are evicted already (no
    /// longer in `snapshots`) and dropped together once there are `compactionCount` of them,
    /// rather than moving the whole list at every completion.
    var order: [String] = []
    var evictedCount = 0

    static let retention = 1000
    static let compactionCount = retention / 4

    /// The kept ids, oldest first.
    var ids: ArraySlice<String> { order[evictedCount...] }

    /// An eviction: the id, and its snapshot (nil if it had none).
    typealias Eviction = (id: String, snapshot: TransitionSnapshot?)

    /// Keeps `snapshot` as the newest, evicting the oldest when there are more than `retention`.
    mutating func record(_ snapshot: TransitionSnapshot) -> Eviction? {
        snapshots[snapshot.id] = snapshot
        order.append(snapshot.id)
        guard order.count - evictedCount > Self.retention else { return nil }
        let id = order[evictedCount]
        evictedCount += 1
        let evicted = (id, snapshots.removeValue(forKey: id))
        if evictedCount >= Self.compactionCount {
            order.removeFirst(evictedCount)
            evictedCount = 0
        }
        return evicted
    }

    /// Undoes the latest `record` of `id`.
    mutating func undoRecord(_ id: String, evicted: Eviction?) {
        snapshots[id] = nil
        order.removeLast()
        guard let evicted else { return }
        snapshots[evicted.id] = evicted.snapshot
        if evictedCount > 0 {
            evictedCount -= 1
        } else {
            order.insert(evicted.id, at: 0)
        }
    }
}
