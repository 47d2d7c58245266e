import PostgresTestSupport
import Testing

@testable import ContainmentPersistence

/// What only the shared store does with what it writes. Runs against the test server
/// (scripts/test-postgres).
@Suite(.enabled(if: PostgresTestSchema.isAvailable, "needs CONTAINMENT_TEST_POSTGRES_URL (scripts/test-postgres)"))
struct PostgresStoreTests {
    typealias Fixture = StateStoreTests

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
}
