import PostgresTestSupport
import Testing

@testable import ContainmentPersistence

/// What only the shared store does with what it writes. Runs against the test server
/// (scripts/test-postgres).
@Suite(.enabled(if: PostgresTestSchema.isAvailable, "needs CONTAINMENT_TEST_POSTGRES_URL (scripts/test-postgres)"))
struct PostgresStoreTests {
    typealias Fixture = StateStoreTests

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

    /// Tables of the first version (ids in the database's collation) are migrated at the start.
    @Test func aFirstVersionsTablesAreMigrated() throws {
        let schema = try PostgresTestSchema()
        try PostgresStore(url: schema.url, instanceName: "first").close()
        let columns = "FROM information_schema.columns WHERE table_schema = current_schema() AND column_name IN ('tree', 'id')"
        for (table, column) in [("heads", "tree"), ("trees", "id"), ("snapshots", "tree"), ("journal", "tree")] {
            try schema.execute(#"ALTER TABLE containment_\#(table) ALTER COLUMN \#(column) TYPE text COLLATE "default""#)
        }
        try schema.execute("UPDATE containment_schema SET version = 1")
        #expect(try schema.value("SELECT count(*)::text \(columns) AND collation_name = 'C'") == "0")

        let store = try PostgresStore(url: schema.url, instanceName: "second")
        #expect(try schema.value("SELECT version::text FROM containment_schema") == "\(PostgresSchema.version)")
        #expect(try schema.value("SELECT count(*)::text \(columns) AND collation_name = 'C'") == "4")
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
            "INSERT INTO containment_journal (tree, version, time, mutation, digest, manual_time, checksum) VALUES ('a', 1, 0, '\\x00', 0, 0, 42)")
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
        let cleaner = PostgresJournalCleaner(url: schema.url, instanceName: "test")
        cleaner.snapshotsWritten(["a"])
        cleaner.stop()
        #expect(try Self.journal(schema) == "a:2")
        store.close()
    }

    private static func journal(_ schema: PostgresTestSchema) throws -> String? {
        try schema.value("SELECT string_agg(tree || ':' || version, ',' ORDER BY tree, version) FROM containment_journal")
    }
}
