import Testing

@testable import ContainmentService

/// When a tree's journal gives way to a snapshot (`TreeJournal.needsSnapshot`).
@Suite struct TreeJournalTests {
    /// Entries of one byte and no events, so only `--state-snapshot-every` decides.
    private static let configuration: ServiceConfiguration = {
        var configuration = ServiceConfiguration()
        configuration.journalEntriesPerSnapshot = 1_000
        configuration.replayedEventsPerSnapshot = 1 << 40
        return configuration
    }()

    /// The entries after which `journal` is due for a snapshot.
    private static func entriesUntilDue(_ journal: TreeJournal) -> Int {
        var journal = journal
        var entries = 0
        while !journal.needsSnapshot(SnapshotThresholds(configuration), controllers: 1, lastSnapshotBytes: 0) {
            entries += 1
            journal.appendedEntry(UInt64(entries), bytes: 1, events: 0)
        }
        return entries
    }

    @Test func treesUnderTheSameLoadAreDueAtDifferentEntriesAtMostAQuarterPastTheSetting() {
        let due = (0..<64).map { index in
            var journal = TreeJournal()
            journal.seedSpread(treeID: "tree-\(index)")
            return Self.entriesUntilDue(journal)
        }
        #expect(due.allSatisfy { (1_000...1_250).contains($0) }, "\(due)")
        #expect(Set(due).count >= 48, "\(due)")
        #expect(due.max()! - due.min()! >= 150, "\(due)")
    }

    @Test func eachSnapshotPutsTheTreesNextOneOffByAnotherAmount() {
        var journal = TreeJournal()
        journal.seedSpread(treeID: "busy")
        var due: [Int] = []
        for ticket in UInt64(1)...8 {
            due.append(Self.entriesUntilDue(journal))
            journal.snapshotTaken(ticket * 1_000)
        }
        #expect(due.allSatisfy { (1_000...1_250).contains($0) }, "\(due)")
        #expect(Set(due).count >= 6, "\(due)")
    }

    @Test func theHardLimitIsNotStretched() {
        var journal = TreeJournal()
        journal.seedSpread(treeID: "tree-3")
        var configuration = Self.configuration
        configuration.journalEntriesPerSnapshot = 10
        for entry in 1...100 { journal.appendedEntry(UInt64(entry), bytes: 1, events: 0) }
        // 10 × 10 entries, however heavy the last snapshot was.
        #expect(journal.needsSnapshot(SnapshotThresholds(configuration), controllers: 1, lastSnapshotBytes: 1 << 30))
    }
}
