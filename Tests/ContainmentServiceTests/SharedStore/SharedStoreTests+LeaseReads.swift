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
        let late = try Self.instance(schema)
        try late.createTree("t", root: #"{"id": "root"}"#)
        let ownership = try #require(late.service.core.ownership)
        let first = try #require(ownership.store.session)
        let reader = ownership.store.openReader()
        defer { reader.close() }
        let copy = try #require(try reader.load("t"))

        ownership.store.lease.forfeit()
        let renewed = try Self.waitUntil(seconds: 5) { ownership.servingSession.map { $0 != first } ?? false }
        try #require(renewed, "no new session began")
        let successor = try Self.instance(schema)
        let changed = try successor.request("POST", "/v1/trees/t/controllers", json: #"{"id": "after"}"#)
        try #require(changed.status == 201, "\(changed.text)")

        let (box, _, _) = try ServiceCore.rebuild(copy, tokens: nil)
        try late.service.core.registry.insert(box, session: first)
        let read = try late.request("GET", "/v1/trees/t")
        #expect(read.status == 200, "\(read.text)")
        #expect(read.json["controllers"]["after"] != .null, "served the copy listed under the lost lease: \(read.text)")
    }
}
