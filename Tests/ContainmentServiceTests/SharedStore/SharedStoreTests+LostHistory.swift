import Containment
import Foundation
import PostgresTestSupport
import Testing

@testable import ContainmentPersistence
@testable import ContainmentService

extension SharedStoreTests {
    /// Creates controller `child` on `tree` and adds it to the root: two changes, their events.
    private static func add(_ child: String, to tree: String, _ service: TestService) throws -> [JSONValue] {
        try #require(try service.request("POST", "/v1/trees/\(tree)/controllers", json: #"{"id": "\#(child)"}"#).status == 201)
        let reply = try service.request("POST", "/v1/trees/\(tree)/controllers/root/children", json: #"{"child": "\#(child)"}"#)
        try #require(reply.status == 200, "\(reply.text)")
        return reply.json["events"].array
    }

    /// A database crash under `--state-sync normal` loses an owner's last commits (here taken
    /// out of the journal, as the restarted server would lack them) and the owner dies; the
    /// instance that takes the tree over gives the lost seqs and version to another change.
    /// A client resuming after a lost event gets `reset`, a lost version's tag no `304`; ids
    /// and tags of what survived go on across the hand-off.
    @Test func idsAndTagsOfChangesTheDatabaseLostAreRefusedOnTheNextOwner() throws {
        let schema = try PostgresTestSchema()
        let store = try PostgresStore(url: schema.url, instanceName: "doomed", synchronous: .normal)
        let doomed = try Self.instance(on: store)
        let created = try doomed.createTree("t", root: #"{"id": "root", "children": [{"id": "map"}]}"#).json["events"].array
        let durableTag = try #require(try doomed.request("GET", "/v1/trees/t").header("ETag"))
        let stream = try EventStreamClient(port: doomed.port, "/v1/trees/t/events")
        let durable = try #require(try stream.messages { $0.data == created.last }.last?.id)
        let lost = try Self.add("list", to: "t", doomed)
        let lostSeq = try #require(lost.last?["seq"].int)
        let lostID = try #require(try stream.messages { $0.data == lost.last }.last?.id)
        let lostTag = try #require(try doomed.request("GET", "/v1/trees/t").header("ETag"))
        stream.connection.close()
        let durableVersion = try #require(try schema.value("SELECT version::text FROM containment_heads WHERE tree = 't'"))
        try schema.execute("DELETE FROM containment_journal WHERE tree = 't' AND version > \(durableVersion)")
        let session = try #require(store.session)
        store.abandon()
        try schema.execute("UPDATE containment_instances SET expires_at = clock_timestamp() - interval '1 second' WHERE id = \(session)")

        let heir = try Self.instance(schema)
        #expect(try heir.request("GET", "/v1/trees/t", headers: [("If-None-Match", durableTag)]).status == 304)
        let other = try Self.add("grid", to: "t", heir)
        try #require(try #require(other.last?["seq"].int) >= lostSeq, "the new change reuses the lost seqs")

        #expect(try heir.request("GET", "/v1/trees/t", headers: [("If-None-Match", lostTag)]).status == 200)
        let resumed = try EventStreamClient(port: heir.port, "/v1/trees/t/events", headers: [("Last-Event-ID", lostID)])
        let first = try #require(try resumed.next())
        #expect(first.event == "reset", "a resume after a lost event is told: \(first)")
        let continued = try EventStreamClient(port: heir.port, "/v1/trees/t/events", headers: [("Last-Event-ID", durable)])
        let replay = try continued.messages { $0.data == other.last }
        #expect(!replay.map(\.event).contains("reset"))
        #expect(replay.map(\.data) == other)
    }
}
