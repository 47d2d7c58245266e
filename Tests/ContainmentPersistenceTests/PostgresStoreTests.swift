import PostgresTestSupport
import Testing

@testable import ContainmentPersistence

/// What only the shared store does with what it writes. Runs against the test server
/// (scripts/test-postgres).
@Suite(.enabled(if: PostgresTestSchema.isAvailable, "needs CONTAINMENT_TEST_POSTGRES_URL (scripts/test-postgres)"))
struct PostgresStoreTests {
    typealias Fixture = SQLiteStoreTests

    /// Tree ids compare as bytes, as one instance lists them, in a database whose collation
    /// orders them otherwise (ICU's `en-US` puts `a-3` before `B-2`).
    @Test func treesListInByteOrderWhateverTheDatabasesCollation() throws {
        let database = try PostgresTestDatabase(icuLocale: "en-US")
        let store = try PostgresStore(url: database.url, instanceName: "owner")
        try store.commit(["b1", "a1", "B-2", "a-3"].map { .createTree(Fixture.header($0)) })
        let reader = store.openReader()
        func ids(after cursor: String?) throws -> [String] {
            try reader.list(after: cursor, limit: 10, everyOwner: true, owner: nil, ownerTokenHash: nil).map(\.id)
        }
        #expect(try ids(after: nil) == ["B-2", "a-3", "a1", "b1"])
        #expect(try ids(after: "B-2") == ["a-3", "a1", "b1"])
        reader.close()
        store.close()
    }

    /// What the fourth version added: the generations of the heads, the loads.
    private static func dropGenerations(_ schema: PostgresTestSchema) throws {
        try schema.execute("ALTER TABLE containment_heads DROP COLUMN generation, DROP COLUMN previous")
        try schema.execute("DROP TABLE containment_loads")
    }

    /// Tables of the third version (no generations) are migrated at the start, their trees'
    /// loads starting empty.
    @Test func aThirdVersionsTablesAreMigrated() throws {
        let schema = try PostgresTestSchema()
        let store = try PostgresStore(url: schema.url, instanceName: "first")
        try store.commit([.createTree(Fixture.header("a"))])
        store.close()
        try Self.dropGenerations(schema)
        try schema.execute("UPDATE containment_schema SET version = 3")

        let migrated = try PostgresStore(url: schema.url, instanceName: "second")
        #expect(try schema.value("SELECT version::text FROM containment_schema") == "\(PostgresSchema.version)")
        #expect(try schema.value("SELECT generation::text FROM containment_heads WHERE tree = 'a'") == "0")
        let reader = migrated.openReader()
        #expect(try reader.takeOver("a") == .acquired)
        #expect(try reader.load("a")?.loads.map(\.previous) == [0])
        reader.close()
        migrated.close()
    }

    /// Each takeover draws a new generation, following the one before, and records the head it
    /// found; the latest `TreeLoad.keptPerTree` loads of a tree are kept.
    @Test func takeoversRecordTheirLoadsAndKeepTheLatest() throws {
        let schema = try PostgresTestSchema()
        let store = try PostgresStore(url: schema.url, instanceName: "owner")
        try store.commit([.createTree(Self.header("a", listing: TreeListing(version: 1, lastSeq: 5, controllers: 1)))])
        try store.commit([.mutation(Self.entry("a", version: 2, lastSeq: 9, controllers: 2))])
        let reader = store.openReader()
        for _ in 0..<(TreeLoad.keptPerTree + 2) { #expect(try reader.takeOver("a") == .acquired) }
        let loads = try #require(try reader.load("a")?.loads)
        #expect(loads.count == Int(TreeLoad.keptPerTree))
        #expect(zip(loads, loads.dropFirst()).allSatisfy { $1.previous == $0.generation })
        #expect(loads.allSatisfy { $0.lastSeq == 9 && $0.version == 2 })
        #expect(loads.last?.generation == store.generation(of: "a"))
        reader.close()
        store.close()
    }

    /// Tables of the first version (ids in the database's collation) are migrated at the start.
    @Test func aFirstVersionsTablesAreMigrated() throws {
        let schema = try PostgresTestSchema()
        try PostgresStore(url: schema.url, instanceName: "first").close()
        let columns = """
            FROM information_schema.columns WHERE table_schema = current_schema() AND column_name IN ('tree', 'id')
              AND table_name IN ('containment_heads', 'containment_trees', 'containment_snapshots', 'containment_journal')
            """
        for (table, column) in [("heads", "tree"), ("trees", "id"), ("snapshots", "tree"), ("journal", "tree")] {
            try schema.execute(#"ALTER TABLE containment_\#(table) ALTER COLUMN \#(column) TYPE text COLLATE "default""#)
        }
        try schema.execute("ALTER TABLE containment_journal DROP COLUMN last_seq, DROP COLUMN controllers")
        try Self.dropGenerations(schema)
        try schema.execute("UPDATE containment_schema SET version = 1")
        #expect(try schema.value("SELECT count(*)::text \(columns) AND collation_name = 'C'") == "0")

        let store = try PostgresStore(url: schema.url, instanceName: "second")
        #expect(try schema.value("SELECT version::text FROM containment_schema") == "\(PostgresSchema.version)")
        #expect(try schema.value("SELECT count(*)::text \(columns) AND collation_name = 'C'") == "4")
        store.close()
    }

    /// Tables of the second version (listings only in the heads) are migrated at the start, and
    /// their trees list as before: rows written then never stand for the listing.
    @Test func aSecondVersionsTablesAreMigratedAndListAsBefore() throws {
        let schema = try PostgresTestSchema()
        let store = try PostgresStore(url: schema.url, instanceName: "first")
        try store.commit([.createTree(Self.header("a", listing: TreeListing(version: 1, lastSeq: 5, controllers: 1)))])
        try store.commit([.mutation(Self.entry("a", version: 2, lastSeq: 9, controllers: 2))])
        store.close()
        try schema.execute("ALTER TABLE containment_journal DROP COLUMN last_seq, DROP COLUMN controllers")
        // As the second version left them: each commit set its trees' listings in their heads.
        try schema.execute("UPDATE containment_heads SET version = 3, last_seq = 14, controllers = 4")
        try schema.execute(
            "INSERT INTO containment_journal (tree, version, time, mutation, digest, manual_time, checksum) VALUES ('a', 3, 0, '\\x00', 0, 0, 0)")
        try Self.dropGenerations(schema)
        try schema.execute("UPDATE containment_schema SET version = 2")

        let migrated = try PostgresStore(url: schema.url, instanceName: "second")
        #expect(try schema.value("SELECT version::text FROM containment_schema") == "\(PostgresSchema.version)")
        #expect(try Self.listings(migrated) == [TreeListing(version: 3, lastSeq: 14, controllers: 4)])
        migrated.close()
    }

    /// A tree lists as its latest entry says, also once the snapshot that covers that entry has
    /// had its rows cleaned: the cleaner keeps each tree's latest row.
    @Test func aTreeListsAsItsLatestEntryAlsoAfterItsRowsAreCleaned() throws {
        let schema = try PostgresTestSchema()
        let store = try PostgresStore(url: schema.url, instanceName: "owner")
        try store.commit([.createTree(Self.header("a", listing: TreeListing(version: 1, lastSeq: 2, controllers: 1)))])
        try store.commit((2...4).map { .mutation(Self.entry("a", version: $0, lastSeq: 10 * $0, controllers: Int($0))) })
        #expect(try Self.listings(store) == [TreeListing(version: 4, lastSeq: 40, controllers: 4)])

        try store.commit([JournalStoreConformanceTests.snapshot("a", version: 4)])
        let cleaner = PostgresJournalCleaner(url: store.url, instanceName: "test")
        cleaner.snapshotsWritten(["a"])
        cleaner.stop()
        #expect(try Self.journal(schema) == "a:4")
        #expect(try Self.listings(store) == [TreeListing(version: 4, lastSeq: 40, controllers: 4)])
        #expect(try store.loadTrees().first?.entries.isEmpty == true)

        try store.commit([.mutation(Self.entry("a", version: 5, lastSeq: 51, controllers: 6))])
        #expect(try Self.listings(store) == [TreeListing(version: 5, lastSeq: 51, controllers: 6)])
        store.close()
    }

    /// A snapshot (megabytes of JSON under load) is compressed with LZ4, not the slower pglz.
    @Test func aSnapshotIsCompressedWithLZ4() throws {
        let schema = try PostgresTestSchema()
        let store = try PostgresStore(url: schema.url, instanceName: "owner")
        let state = Array(String(repeating: #"{"seq":1,"kind":"viewDidAppear","controller":"c"},"#, count: 2_000).utf8)
        try store.commit([
            .createTree(Fixture.header("t")), .snapshot(PendingSnapshot(tree: "t", version: 1, manualTime: 0) { state }),
        ])
        #expect(try schema.value("SELECT pg_column_compression(state) FROM containment_snapshots WHERE tree = 't'") == "lz4")
        #expect(try store.loadTrees().first?.snapshot?.state == state)
        store.close()
    }

    /// The rows a snapshot covers go after its commit, off the journal's writer; a store that
    /// closes deletes those it still held back. Meanwhile loads skip them.
    @Test func theRowsASnapshotCoversAreDeletedAfterItsCommitAndNeverLoaded() throws {
        let schema = try PostgresTestSchema()
        let store = try PostgresStore(url: schema.url, instanceName: "owner")
        try store.commit([.createTree(Fixture.header("a")), .createTree(Fixture.header("b"))])
        try store.commit((2...6).flatMap { [.mutation(Fixture.entry("a", version: $0)), .mutation(Fixture.entry("b", version: $0))] })
        try store.commit([JournalStoreConformanceTests.snapshot("a", version: 6), .mutation(Fixture.entry("a", version: 7))])
        #expect(try store.loadTrees().map { $0.entries.map(\.version) } == [[7], [2, 3, 4, 5, 6]])
        store.close()
        #expect(try Self.journal(schema) == "a:7,b:2,b:3,b:4,b:5,b:6")
    }

    /// A dead row still there is skipped before its checksum is read: a damaged one costs the
    /// tree nothing.
    @Test func aDeadRowLeftBehindIsSkippedEvenIfDamaged() throws {
        let schema = try PostgresTestSchema()
        let store = try PostgresStore(url: schema.url, instanceName: "owner")
        try store.commit([.createTree(Fixture.header("a")), .mutation(Fixture.entry("a", version: 2))])
        try store.commit([JournalStoreConformanceTests.snapshot("a", version: 2), .mutation(Fixture.entry("a", version: 3))])
        store.close()
        try schema.execute(
            """
            INSERT INTO containment_journal (tree, version, time, mutation, digest, manual_time, checksum, last_seq, controllers)
            VALUES ('a', 1, 0, '\\x00', 0, 0, 42, 0, 0)
            """)
        let reopened = try PostgresStore(url: schema.url, instanceName: "reader")
        let trees = try reopened.loadTrees()
        #expect(trees.first?.snapshot?.version == 2)
        #expect(trees.first?.entries.map(\.version) == [3])
        reopened.close()
    }

    /// The cleaner goes by each tree's current snapshot: a tree deleted and created again since
    /// (no snapshot yet) keeps its rows, whatever versions they have.
    @Test func theCleanerKeepsTheRowsOfATreeCreatedAgainSinceItsSnapshot() throws {
        let schema = try PostgresTestSchema()
        let store = try PostgresStore(url: schema.url, instanceName: "owner")
        try store.commit([.createTree(Fixture.header("a")), .mutation(Fixture.entry("a", version: 2))])
        try store.commit([JournalStoreConformanceTests.snapshot("a", version: 2)])
        try store.commit([.deleteTree("a"), .createTree(Fixture.header("a", incarnation: 2)), .mutation(Fixture.entry("a", version: 2))])
        let cleaner = PostgresJournalCleaner(url: store.url, instanceName: "test")
        cleaner.snapshotsWritten(["a"])
        cleaner.stop()
        #expect(try Self.journal(schema) == "a:2")
        store.close()
    }

    private static func header(_ id: String, listing: TreeListing) -> StoredTreeHeader {
        var header = Fixture.header(id)
        header.listing = listing
        return header
    }

    private static func entry(_ tree: String, version: UInt64, lastSeq: UInt64, controllers: Int) -> JournalEntry {
        var entry = Fixture.entry(tree, version: version)
        entry.listing = TreeListing(version: version, lastSeq: lastSeq, controllers: controllers)
        return entry
    }

    private static func listings(_ store: PostgresStore) throws -> [TreeListing] {
        let reader = store.openReader()
        defer { reader.close() }
        return try reader.list(after: nil, limit: 10, everyOwner: true, owner: nil, ownerTokenHash: nil).map(\.listing)
    }

    private static func journal(_ schema: PostgresTestSchema) throws -> String? {
        try schema.value("SELECT string_agg(tree || ':' || version, ',' ORDER BY tree, version) FROM containment_journal")
    }
}
