import CSQLite
import ContainmentPersistence
import Testing

/// The append-ordered journal (schema version 2): dead rows are skipped until they are
/// deleted in bulk, and a version 1 database is migrated with everything in it.
@Suite struct SQLiteStoreJournalOrderTests {
    typealias Fixture = SQLiteStoreTests

    static func snapshot(_ tree: String, version: UInt64) -> JournalRecord {
        .snapshot(PendingSnapshot(tree: tree, version: version, manualTime: 2) { Array("state \(version)".utf8) })
    }

    @Test func entriesBeforeASnapshotAreLeftOutOfTheRestoreBeforeTheyAreDeleted() throws {
        let directory = TemporaryDirectory()
        let store = try SQLiteStore(directory: directory.path, synchronous: .normal)
        try store.commit([.createTree(Fixture.header("a")), .createTree(Fixture.header("b"))])
        // The two trees' entries interleave, as they do under load.
        try store.commit((2...6).flatMap { [.mutation(Fixture.entry("a", version: $0)), .mutation(Fixture.entry("b", version: $0))] })
        try store.commit([Self.snapshot("a", version: 4), .mutation(Fixture.entry("a", version: 7))])
        store.close()

        let reopened = try SQLiteStore(directory: directory.path, synchronous: .normal)
        let trees = try reopened.loadTrees()
        #expect(trees[0].snapshot?.version == 4)
        #expect(trees[0].entries.map(\.version) == [7])
        #expect(trees[1].entries.map(\.version) == [2, 3, 4, 5, 6])
        // The snapshot made a's first five rows dead; they are still stored.
        #expect(try reopened.journalSize().entries == 6)
        #expect(try reopened.journalRows() == 11)
        reopened.close()
    }

    @Test func deadEntriesAreDeletedOnceTheyOutnumberTheLiveOnes() throws {
        let directory = TemporaryDirectory()
        let store = try SQLiteStore(directory: directory.path, synchronous: .normal)
        let count = UInt64(SQLiteStore.deadEntriesBeforeCleaning)
        try store.commit([.createTree(Fixture.header("a")), .createTree(Fixture.header("b")), .mutation(Fixture.entry("b", version: 2))])
        try store.commit((2...count + 1).map { .mutation(Fixture.entry("a", version: $0)) })
        #expect(try store.journalRows() == Int64(count) + 1)
        try store.commit([.deleteTree("b")])
        try store.commit([Self.snapshot("a", version: count + 1), .mutation(Fixture.entry("a", version: count + 2))])
        // The pass deletes a slice of the journal with each commit, this one included.
        let commits = (count + 3) / UInt64(SQLiteStore.cleanedRowsPerCommit) + 1
        #expect(try store.journalRows() < Int64(count))
        for _ in 1..<commits {
            #expect(store.currentStatistics().cleanings == 0)
            try store.commit([])
        }
        #expect(try store.journalRows() == 1)
        #expect(store.currentStatistics().cleanings == 1)
        store.close()

        let reopened = try SQLiteStore(directory: directory.path, synchronous: .normal)
        let trees = try reopened.loadTrees()
        #expect(trees.map(\.header.id) == ["a"])
        #expect(trees[0].snapshot?.version == count + 1)
        #expect(trees[0].entries.map(\.version) == [count + 2])
        reopened.close()
    }

    @Test func aReusedTreeIdDoesNotPickUpTheOldJournalAfterReopening() throws {
        let directory = TemporaryDirectory()
        let store = try SQLiteStore(directory: directory.path, synchronous: .normal)
        try store.commit([.createTree(Fixture.header("a")), .mutation(Fixture.entry("a", version: 2)), .deleteTree("a")])
        store.close()
        // The old rows are the last ones stored: the next row must still come after the new
        // tree's start, which is read back from the tree, not from the journal.
        let reopened = try SQLiteStore(directory: directory.path, synchronous: .normal)
        try reopened.commit([.createTree(Fixture.header("a", incarnation: 2))])
        reopened.close()
        let again = try SQLiteStore(directory: directory.path, synchronous: .normal)
        try again.commit([.mutation(Fixture.entry("a", version: 2))])
        let trees = try again.loadTrees()
        #expect(trees[0].header.incarnation == 2)
        #expect(trees[0].entries.map(\.version) == [2])
        again.close()
    }

    @Test func aVersion1DatabaseIsMigratedWithItsTreesSnapshotsAndJournals() throws {
        let directory = TemporaryDirectory()
        try Fixture.sqlite(
            directory.databasePath,
            """
            CREATE TABLE trees (
                id TEXT PRIMARY KEY, clock TEXT NOT NULL, owner TEXT, owner_token_hash TEXT,
                incarnation INTEGER NOT NULL, creation BLOB NOT NULL);
            CREATE TABLE journal (
                tree TEXT NOT NULL, version INTEGER NOT NULL, time REAL NOT NULL, mutation BLOB NOT NULL,
                digest INTEGER NOT NULL, manual_time REAL NOT NULL, PRIMARY KEY (tree, version)) WITHOUT ROWID;
            CREATE TABLE snapshots (
                tree TEXT PRIMARY KEY, state BLOB NOT NULL, version INTEGER NOT NULL, manual_time REAL NOT NULL);
            INSERT INTO trees VALUES ('b', 'manual', NULL, NULL, 3, x'7B7D'), ('a', 'real', NULL, NULL, 4, x'7B7D');
            INSERT INTO snapshots VALUES ('b', x'01', 5, 1.5);
            INSERT INTO journal VALUES ('b', 7, 10, x'6D37', 70, 0), ('a', 3, 20, x'6D33', 30, 0), ('b', 6, 30, x'6D36', 60, 0),
                ('a', 2, 40, x'6D32', 20, 0);
            PRAGMA application_id = \(SQLiteStore.applicationID);
            PRAGMA user_version = 1;
            """)
        let store = try SQLiteStore(directory: directory.path, synchronous: .normal)
        let trees = try store.loadTrees()
        #expect(trees.map(\.header.id) == ["a", "b"])
        #expect(trees[0].header.incarnation == 4)
        #expect(trees[0].entries.map(\.version) == [2, 3])
        #expect(trees[0].entries.map(\.digest) == [20, 30])
        #expect(trees[1].snapshot == StoredSnapshot(tree: "b", state: [1], version: 5, manualTime: 1.5))
        #expect(trees[1].entries.map(\.version) == [6, 7])
        #expect(trees[1].entries.map(\.mutation) == [Array("m6".utf8), Array("m7".utf8)])
        // New entries follow the migrated ones.
        try store.commit([.mutation(Fixture.entry("a", version: 4))])
        #expect(try store.loadTrees()[0].entries.map(\.version) == [2, 3, 4])
        store.close()
        var handle: OpaquePointer?
        try #require(sqlite3_open(directory.databasePath, &handle) == SQLITE_OK)
        defer { sqlite3_close(handle) }
        var statement: OpaquePointer?
        try #require(sqlite3_prepare_v2(handle, "PRAGMA user_version", -1, &statement, nil) == SQLITE_OK)
        defer { sqlite3_finalize(statement) }
        try #require(sqlite3_step(statement) == SQLITE_ROW)
        #expect(sqlite3_column_int64(statement, 0) == SQLiteStore.schemaVersion)
    }
}
