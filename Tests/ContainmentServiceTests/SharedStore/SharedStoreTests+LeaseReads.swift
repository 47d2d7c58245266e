import Foundation
import PostgresTestSupport
import Testing

@testable import ContainmentPersistence
@testable import ContainmentService

/// An instance serves a tree from memory only while the lease it took the tree under is still
/// its lease: a takeover that ends after its lease was lost (a pause, a broken connection) and
/// a new one begun lists a copy another instance may since have changed.
extension SharedStoreTests {
    /// The late takeover, made deterministic: a copy of the tree read under the first session
    /// is listed after the lease was forfeited and another instance changed the tree.
    @Test func aTreeListedUnderALeaseSinceLostIsTakenOverAgainBeforeItIsServed() throws {
        let schema = try PostgresTestSchema()
        let (late, successor, first, copy) = try Self.copyReadUnderALeaseSinceLost(schema)
        defer { withExtendedLifetime(successor) {} }
        let (box, _, _) = try ServiceCore.rebuild(copy, environment: late.service.core.treeEnvironment)
        try late.service.core.registry.insert(box, session: first)
        let read = try late.request("GET", "/v1/trees/t")
        #expect(read.status == 200, "\(read.text)")
        #expect(read.json["controllers"]["after"] != .null, "served the copy listed under the lost lease: \(read.text)")
    }

    /// A takeover that ends after the lease it began under was lost (the process paused, or
    /// its keeper's connection broke, while the tree was read) lists nothing: the copy it read
    /// may lack another instance's changes, so the next try takes the tree again.
    @Test func aTakeoverThatEndsAfterItsLeaseWasLostListsNothing() throws {
        let schema = try PostgresTestSchema()
        let (late, successor, first, copy) = try Self.copyReadUnderALeaseSinceLost(schema)
        defer { withExtendedLifetime(successor) {} }
        let core = late.service.core
        var gaveBack = false
        let outcome = core.install(copy, session: first, giveBack: { gaveBack = true })
        #expect(outcome == nil, "the copy read under the lost lease was listed")
        #expect(core.registry.held("t") == nil)
        #expect(!gaveBack, "a tree the lost lease held is not this instance's to give back")
        let read = try late.request("GET", "/v1/trees/t")
        #expect(read.status == 200, "\(read.text)")
        #expect(read.json["controllers"]["after"] != .null, "\(read.text)")
    }

    /// A request that reaches an instance whose lease lapsed by its own clock before its keeper
    /// noticed (what a request queued during a pause past the lease meets on resuming) is not
    /// answered from memory: the tree is taken over first, here in vain with no lease to take
    /// it under, while another instance changes it.
    @Test func aTreeIsNotServedFromMemoryOnceTheLeaseLapsedByTheInstancesOwnClock() throws {
        let schema = try PostgresTestSchema()
        let paused = try Self.instance(schema, lease: LeaseTiming(duration: .seconds(1), renewal: .milliseconds(200), margin: .milliseconds(100)))
        try paused.createTree("t", root: #"{"id": "root"}"#)
        #expect(try paused.request("GET", "/v1/trees/t").status == 200)
        let store = try #require(paused.service.core.ownership?.store as? PostgresStore)

        store.lease.stop()
        let lapsed = try Self.waitUntil(seconds: 5) { !store.isLeaseValid }
        try #require(lapsed, "the lease did not lapse")
        let successor = try Self.instance(schema)
        let changed = try successor.request("POST", "/v1/trees/t/controllers", json: #"{"id": "after"}"#)
        try #require(changed.status == 201, "\(changed.text)")

        let read = try paused.request("GET", "/v1/trees/t")
        #expect(read.status == 503, "answered from the copy held under the lapsed lease: \(read.text)")
        #expect(read.json["code"].string == "state_unavailable", "\(read.text)")
    }

    /// An instance (`late`) holding tree `t`, a copy of `t` read under its first session, that
    /// session forfeited and a new one begun, and `t` changed since by `successor` (controller
    /// `after`).
    private static func copyReadUnderALeaseSinceLost(
        _ schema: PostgresTestSchema
    ) throws -> (late: TestService, successor: TestService, first: Int64, copy: StoredTree) {
        let late = try Self.instance(schema)
        try late.createTree("t", root: #"{"id": "root"}"#)
        let ownership = try #require(late.service.core.ownership)
        let store = try #require(ownership.store as? PostgresStore)
        let first = try #require(store.session)
        let reader = store.openReader()
        defer { reader.close() }
        let copy = try #require(try reader.load("t"))

        store.lease.forfeit()
        let renewed = try Self.waitUntil(seconds: 5) { ownership.servingSession.map { $0 != first } ?? false }
        try #require(renewed, "no new session began")
        let successor = try Self.instance(schema)
        let changed = try successor.request("POST", "/v1/trees/t/controllers", json: #"{"id": "after"}"#)
        try #require(changed.status == 201, "\(changed.text)")
        return (late, successor, first, copy)
    }
}
