/// The two settings that decide when a tree's journal gives way to a snapshot
/// (`TreeJournal.needsSnapshot`): all a box needs of the service's configuration for it.
struct SnapshotThresholds: Sendable {
    /// `--state-snapshot-every`: entries after which a snapshot is due.
    let journalEntriesPerSnapshot: Int
    /// The replayed events after which a snapshot is due, whatever the tree's size.
    let replayedEventsPerSnapshot: Int

    init(_ configuration: ServiceConfiguration) {
        journalEntriesPerSnapshot = configuration.journalEntriesPerSnapshot
        replayedEventsPerSnapshot = configuration.replayedEventsPerSnapshot
    }
}
