import PostgresTestSupport
import Testing

@testable import ContainmentPersistence

/// An owner asked for a tree commits its last entries and the release together, in one round
/// trip, under the same fence as every commit.
extension PostgresOwnershipTests {
    /// Entries, then releases of the trees they were for: one round trip (`BEGIN`, the fence with
    /// the entries, the releases, `COMMIT`); a claim, a snapshot or an entry after its tree's
    /// release (which the service never appends) keep the fence its own round trip.
    @Test func entriesThenReleasesOfHeldTreesAreOneRoundTrip() {
        let ownership = PostgresOwnership(session: 7, generation: 3, held: ["t": 11, "u": 12])
        func plan(_ records: [JournalRecord]) -> PostgresCommitPlan {
            PostgresCommitPlan(records: records, snapshots: [], ownership: ownership)
        }
        let handOff = plan([.mutation(Fixture.entry("t", version: 2)), .release("t"), .mutation(Fixture.entry("u", version: 5))])
        #expect(handOff.isOneTrip)
        #expect(
            handOff.oneTripStatements(channels: PostgresChannels(schema: "s")).map(\.sql)
                == ["BEGIN", PostgresCommitPlan.fencedEntries, PostgresCommitPlan.fencedRelease, "COMMIT"])
        #expect(plan([.release("t")]).isOneTrip)
        #expect(!plan([.release("t"), .mutation(Fixture.entry("t", version: 2))]).isOneTrip)
        #expect(!plan([.createTree(Fixture.header("v")), .release("t")]).isOneTrip)
        #expect(!plan([.deleteTree("t")]).isOneTrip)
    }

    /// The release passes the fence or gives nothing up: of two trees, the one whose row names
    /// another epoch (taken over meanwhile) stays with its new holder and none of its entries
    /// land; the one still held is given up after its entry, and every instance is told.
    @Test func aReleaseGivesUpOnlyTheTreesThatPassTheFence() throws {
        let schema = try PostgresTestSchema()
        let store = try PostgresStore(url: schema.url, instanceName: "owner", leaseTiming: Self.stillLease)
        try store.commit([.createTree(Fixture.header("t")), .createTree(Fixture.header("u"))])
        try schema.execute("UPDATE containment_heads SET epoch = epoch + 1000 WHERE tree = 't'")
        let refused = try store.commit(refusing: [
            .mutation(Fixture.entry("t", version: 2)), .release("t"), .mutation(Fixture.entry("u", version: 2)), .release("u"),
        ])
        #expect(refused == ["t": .ownershipLost(tree: "t")])
        #expect(store.ownership.withLock { $0.held } == [:])
        #expect(try schema.value("SELECT string_agg(tree || ':' || version, ',' ORDER BY tree, version) FROM containment_journal") == "u:2")
        #expect(
            try schema.value("SELECT string_agg(tree || ':' || coalesce(instance::text, 'free'), ',' ORDER BY tree) FROM containment_heads")
                == "t:\(store.session!),u:free")
        store.abandon()
    }
}
