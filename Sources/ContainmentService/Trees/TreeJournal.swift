import ContainmentPersistence

/// What one tree has handed to the state directory's journal: the ticket of its latest record,
/// which every answer showing the tree waits for, and its journal since the last snapshot,
/// which decides when the next one is due.
struct TreeJournal {
    /// The ticket of the tree's latest record; 0 before any (and without a state directory).
    private(set) var lastTicket: UInt64 = 0
    /// Entries since the tree's last snapshot (or its creation), their bytes and the events
    /// they caused.
    private(set) var entries: Int
    private(set) var bytes: Int
    private(set) var events: Int
    /// Picks how far this tree's next snapshot is put off (`stretch`): seeded by the tree's id
    /// (`seedSpread`), changed by every snapshot.
    private var spread: UInt64 = 0

    init(entries: Int = 0, bytes: Int = 0, events: Int = 0) {
        self.entries = entries
        self.bytes = bytes
        self.events = events
    }

    /// A record of the tree went to the journal under `ticket`.
    mutating func appended(_ ticket: UInt64) { lastTicket = ticket }

    /// A mutation entry of `bytes` that caused `events` went to the journal under `ticket`.
    mutating func appendedEntry(_ ticket: UInt64, bytes entryBytes: Int, events entryEvents: Int) {
        lastTicket = ticket
        entries += 1
        bytes += entryBytes
        events += entryEvents
    }

    /// Makes `stretch` differ from other trees' from the first snapshot on.
    mutating func seedSpread(treeID: String) { spread = JournalDigest.of(Array(treeID.utf8)) }

    /// A snapshot now replaces the entries so far.
    mutating func snapshotTaken(_ ticket: UInt64) {
        lastTicket = ticket
        spread = JournalDigest.of(withUnsafeBytes(of: spread ^ ticket, Array.init))
        entries = 0
        bytes = 0
        events = 0
    }

    /// Whether the journal since the last snapshot should give way to a new one: at
    /// `--state-snapshot-every` N entries once they weigh at least the last snapshot (so
    /// writing snapshots never costs more than writing the journal), in any case at 10 × N
    /// entries or `journalBytesPerSnapshot`, and once a restore would replay more events than
    /// `replayedEventsPerController` per controller (and `replayedEventsPerSnapshot`): reading
    /// a snapshot is then the cheaper restore, so a restore's work stays bounded by the
    /// tree's size, not its history. All but the hard limits (10 × N, the bytes) are `stretch`ed.
    func needsSnapshot(_ thresholds: SnapshotThresholds, controllers: Int, lastSnapshotBytes: Int) -> Bool {
        let every = thresholds.journalEntriesPerSnapshot
        if entries >= 10 * every || bytes >= ServiceConfiguration.journalBytesPerSnapshot { return true }
        let replayed = max(thresholds.replayedEventsPerSnapshot, ServiceConfiguration.replayedEventsPerController * controllers)
        let stretch = self.stretch
        if Double(entries) >= Double(every) * stretch && Double(bytes) >= Double(lastSnapshotBytes) * stretch { return true }
        return Double(events) >= Double(replayed) * stretch
    }

    /// Between 1 and 1.25, different for each tree and each of its snapshots: trees under the
    /// same load would otherwise cross the thresholds together and queue dozens of snapshots
    /// at once, which the journal then writes one per commit, slowing every commit meanwhile.
    var stretch: Double { 1 + Double(spread % 1024) / 4096 }
}
