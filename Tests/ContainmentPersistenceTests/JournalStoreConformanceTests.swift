import ContainmentPersistence
import Dispatch
import Testing

/// What every `JournalStore` does, run against each store: SQLite (`--state-dir`) and
/// PostgreSQL (`--state-url`).
@Suite struct JournalStoreConformanceTests {
    typealias Fixture = SQLiteStoreTests

    static func snapshot(_ tree: String, version: UInt64) -> JournalRecord {
        .snapshot(PendingSnapshot(tree: tree, version: version, manualTime: 2) { Array("state \(version)".utf8) })
    }

    @Test(arguments: StoreBackend.available)
    func committedTreesAndJournalsComeBackInOrderAfterReopening(_ backend: StoreBackend) throws {
        let place = try backend.place()
        let store = try place.open()
        try store.commit([.createTree(Fixture.header("b")), .createTree(Fixture.header("a", incarnation: 7))])
        try store.commit((2...5).map { .mutation(Fixture.entry("a", version: $0)) } + [.mutation(Fixture.entry("b", version: 2))])
        store.close()

        let reopened = try place.open()
        let trees = try reopened.loadTrees()
        #expect(trees.map(\.header.id) == ["a", "b"])
        #expect(trees[0].header == Fixture.header("a", incarnation: 7))
        #expect(trees[0].entries.map(\.version) == [2, 3, 4, 5])
        var expected = Fixture.entry("a", version: 3)
        expected.position = trees[0].entries[1].position
        #expect(trees[0].entries[1] == expected)
        #expect(trees[1].entries.map(\.version) == [2])
        reopened.close()
    }

    @Test(arguments: StoreBackend.available)
    func deletingATreeDropsItsJournalAndReusingItsIdStartsAfresh(_ backend: StoreBackend) throws {
        let place = try backend.place()
        let store = try place.open()
        try store.commit([.createTree(Fixture.header("a")), .mutation(Fixture.entry("a", version: 2)), .deleteTree("a")])
        #expect(try store.loadTrees().isEmpty)
        try store.commit([.createTree(Fixture.header("a")), .mutation(Fixture.entry("a", version: 2))])
        try store.commit([.deleteTree("a"), .createTree(Fixture.header("a", incarnation: 9))])
        let trees = try store.loadTrees()
        #expect(trees.count == 1)
        #expect(trees[0].header.incarnation == 9)
        #expect(trees[0].entries.isEmpty)
        store.close()
    }

    /// The shared store writes a run of entries in one statement: each run keeps its place
    /// among a commit's other records, and any tree id survives the way there.
    @Test(arguments: StoreBackend.available)
    func aCommitsRunsOfEntriesKeepTheirPlaceAmongItsOtherRecords(_ backend: StoreBackend) throws {
        let place = try backend.place()
        let store = try place.open()
        let odd = #"a "quoted", {braced} \ ü tree"#
        try store.commit([.createTree(Fixture.header(odd)), .createTree(Fixture.header("b"))])
        try store.commit(
            [.mutation(Fixture.entry(odd, version: 2)), .mutation(Fixture.entry("b", version: 2)), .mutation(Fixture.entry(odd, version: 3))]
                + [.deleteTree(odd), .createTree(Fixture.header(odd, incarnation: 2))]
                + [.mutation(Fixture.entry(odd, version: 2)), .mutation(Fixture.entry("b", version: 3))])
        try store.commit((4...6).map { .mutation(Fixture.entry("b", version: $0)) })
        store.close()

        let reopened = try place.open()
        let trees = try reopened.loadTrees().sorted { $0.header.id < $1.header.id }
        #expect(trees.map(\.header.id) == [odd, "b"])
        #expect(trees[0].header.incarnation == 2)
        #expect(trees[0].entries.map(\.version) == [2])
        #expect(trees[1].entries.map(\.version) == [2, 3, 4, 5, 6])
        var expected = Fixture.entry("b", version: 5)
        expected.position = trees[1].entries[3].position
        #expect(trees[1].entries[3] == expected)
        reopened.close()
    }

    @Test(arguments: StoreBackend.available)
    func entriesBeforeASnapshotAreLeftOutOfTheLoad(_ backend: StoreBackend) throws {
        let place = try backend.place()
        let store = try place.open()
        try store.commit([.createTree(Fixture.header("a")), .createTree(Fixture.header("b"))])
        // The two trees' entries interleave, as they do under load.
        try store.commit((2...6).flatMap { [.mutation(Fixture.entry("a", version: $0)), .mutation(Fixture.entry("b", version: $0))] })
        // A snapshot is taken right after its tree's latest entry, at its version.
        try store.commit([Self.snapshot("a", version: 6), .mutation(Fixture.entry("a", version: 7))])
        store.close()

        let reopened = try place.open()
        let trees = try reopened.loadTrees()
        #expect(trees[0].snapshot == StoredSnapshot(tree: "a", state: Array("state 6".utf8), version: 6, manualTime: 2))
        #expect(trees[0].entries.map(\.version) == [7])
        #expect(trees[1].entries.map(\.version) == [2, 3, 4, 5, 6])
        reopened.close()
    }

    @Test(arguments: StoreBackend.available)
    func snapshotsTakenTogetherAreWrittenOnePerCommitAndTheirTreesLaterEntriesStay(_ backend: StoreBackend) throws {
        let place = try backend.place()
        let store = try place.open()
        try store.commit(["a", "b", "c"].flatMap { [.createTree(Fixture.header($0)), .mutation(Fixture.entry($0, version: 2))] })
        try store.commit([
            Self.snapshot("a", version: 2), Self.snapshot("b", version: 2), Self.snapshot("c", version: 2),
            .mutation(Fixture.entry("b", version: 3)), .mutation(Fixture.entry("c", version: 3)),
        ])
        #expect(store.hasQueuedSnapshots)
        // One snapshot per commit: a's, then b's; c keeps every entry until its own is written.
        try store.commit([.mutation(Fixture.entry("c", version: 4)), Self.snapshot("c", version: 4)])
        var trees = try store.loadTrees()
        #expect(trees.map { $0.snapshot?.version } == [2, 2, nil])
        #expect(trees.map { $0.entries.map(\.version) } == [[], [3], [2, 3, 4]])
        // c's second snapshot replaced its first in the queue: a commit without records
        // (the writer's, once nothing else waits) writes it.
        #expect(store.hasQueuedSnapshots)
        try store.commit([])
        #expect(!store.hasQueuedSnapshots)
        try store.commit([.deleteTree("b")])
        trees = try store.loadTrees()
        #expect(trees.map(\.header.id) == ["a", "c"])
        #expect(trees.map { $0.snapshot?.version } == [2, 4])
        #expect(trees.map { $0.entries.map(\.version) } == [[], []])
        store.close()
    }

    @Test(arguments: StoreBackend.available)
    func aDeletedTreesQueuedSnapshotIsDropped(_ backend: StoreBackend) throws {
        let place = try backend.place()
        let store = try place.open()
        try store.commit([.createTree(Fixture.header("a")), .createTree(Fixture.header("b"))])
        try store.commit([Self.snapshot("a", version: 1), Self.snapshot("b", version: 1), .deleteTree("b")])
        try store.commit([.createTree(Fixture.header("b", incarnation: 2)), .mutation(Fixture.entry("b", version: 2))])
        #expect(!store.hasQueuedSnapshots)
        let trees = try store.loadTrees()
        #expect(trees.map { $0.snapshot?.version } == [1, nil])
        #expect(trees[1].header.incarnation == 2)
        #expect(trees[1].entries.map(\.version) == [2])
        store.close()
    }

    /// A byte changed in a stored creation, snapshot or journal entry stops the load, naming
    /// the tree and the record.
    @Test(arguments: StoreBackend.available)
    func aChangedByteIsFoundByTheRecordsChecksum(_ backend: StoreBackend) throws {
        let place = try backend.place()
        let store = try place.open()
        try store.commit([.createTree(Fixture.header("a")), .mutation(Fixture.entry("a", version: 2)), Self.snapshot("a", version: 2)])
        try store.commit([.mutation(Fixture.entry("a", version: 3))])
        store.close()
        let cases: [(sqlite: String, postgres: String, record: String)] = [
            (
                "UPDATE journal SET mutation = x'6D39' WHERE version = 3",
                "UPDATE containment_journal SET mutation = '\\x6d39' WHERE version = 3", "journal entry 3"
            ),
            ("UPDATE snapshots SET version = 5", "UPDATE containment_snapshots SET version = 5", "its snapshot"),
            ("UPDATE trees SET clock = 'real'", "UPDATE containment_trees SET clock = 'real'", "its creation"),
        ]
        for change in cases {
            try place.tamper(sqlite: change.sqlite, postgres: change.postgres)
            let reopened = try place.open()
            #expect(throws: StateStoreError.checksumMismatch(tree: "a", record: change.record)) { try reopened.loadTrees() }
            reopened.close()
        }
    }

    @Test(arguments: StoreBackend.available)
    func theJournalCommitsConcurrentWritersInTheirOrderAndSharesCommits(_ backend: StoreBackend) throws {
        let place = try backend.place()
        let store = try place.open()
        let journal = StateJournal(store: store)
        let writers = 8
        let perWriter = 100
        for writer in 0..<writers {
            try journal.waitUntilDurable(journal.append(.createTree(Fixture.header("t\(writer)"))))
        }
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: writers) { writer in
            for version in 2..<(2 + perWriter) {
                let ticket = journal.append(.mutation(Fixture.entry("t\(writer)", version: UInt64(version))))
                do { try journal.waitUntilDurable(ticket) } catch { failures.add("\(error)") }
            }
        }
        #expect(failures.all.isEmpty)
        #expect(journal.commitCount <= UInt64(writers + writers * perWriter))
        let trees = try store.loadTrees()
        #expect(trees.count == writers)
        for tree in trees {
            #expect(tree.entries.map(\.version) == (2..<(2 + UInt64(perWriter))).map { $0 })
        }
        journal.close()
    }
}
