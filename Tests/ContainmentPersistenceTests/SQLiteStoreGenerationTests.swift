import Testing

@testable import ContainmentPersistence

/// The state directory's generations: each start draws a number no start drew before, and
/// keeps the heads its trees were loaded at, the latest `TreeLoad.keptPerTree` of each tree,
/// for that tree only (not one created again under its id).
@Suite struct SQLiteStoreGenerationTests {
    private static func load(_ generation: UInt64, seq: UInt64) -> TreeLoad {
        TreeLoad(generation: generation, previous: generation - 1, lastSeq: seq, version: seq)
    }

    @Test func generationsRiseAcrossReopensAndLoadsAreKeptPerTreeIncarnation() throws {
        let directory = TemporaryDirectory()
        var store = try SQLiteStore(directory: directory.path, synchronous: .normal)
        try store.commit([.createTree(SQLiteStoreTests.header("a", incarnation: 1)), .createTree(SQLiteStoreTests.header("b", incarnation: 2))])
        for expected in 1...(TreeLoad.keptPerTree + 2) {
            #expect(try store.beginGeneration() == expected)
            try store.recordLoads([("a", 1, Self.load(expected, seq: expected * 10)), ("b", 2, Self.load(expected, seq: expected))])
            store.close()
            store = try SQLiteStore(directory: directory.path, synchronous: .normal)
        }
        let trees = try store.loadTrees()
        let kept = (3...(TreeLoad.keptPerTree + 2)).map { Self.load($0, seq: $0 * 10) }
        #expect(trees.first { $0.header.id == "a" }?.loads == kept)

        // Created again under its id: the earlier tree's loads vouch for nothing of it.
        try store.commit([.deleteTree("b"), .createTree(SQLiteStoreTests.header("b", incarnation: 3))])
        #expect(try store.loadTrees().first { $0.header.id == "b" }?.loads == [])
        #expect(try store.beginGeneration() == TreeLoad.keptPerTree + 3)
        store.close()
    }

    @Test func aLoadVouchesOnlyForTheGenerationsItFollowsUpToItsHead() {
        let load = TreeLoad(generation: 5, previous: 4, lastSeq: 100, version: 7)
        #expect(load.vouches(for: 4, seq: 100))
        #expect(!load.vouches(for: 4, seq: 101))
        #expect(!load.vouches(for: 3, seq: 1))
        #expect(!load.vouches(for: 5, seq: 1))
        #expect(load.vouches(for: 4, version: 7))
        #expect(!load.vouches(for: 4, version: 8))
    }
}
