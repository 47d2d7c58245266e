/// A snapshot waiting for its commit (`SQLiteStore.snapshotsPerCommit`), with what was fixed
/// where it stood among the journal's records.
struct QueuedSnapshot: SnapshotQueueEntry {
    let pending: PendingSnapshot
    /// The `seq` of the first journal row after the snapshot: its tree's journal starts there.
    let journalStart: Int64
    /// The tree's live rows before the snapshot, which it makes dead once written.
    let liveEntries: Int
}
