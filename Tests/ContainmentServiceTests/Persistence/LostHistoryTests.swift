import Containment
import Foundation
import Testing

/// With `--state-sync normal` an operating-system crash may lose the last acknowledged changes;
/// their seqs, batches and versions then go to other changes. A client holding an event id or
/// entity tag of a lost change learns it (a `reset`, no `304`); one holding an id or tag of the
/// history that survived goes on as before.
@Suite struct LostHistoryTests {
    private static let root = #"{"id": "root", "children": [{"id": "map"}]}"#

    /// Creates controller `child` and adds it to the root: two changes, their events.
    private static func add(_ child: String, _ service: TestService) throws -> [JSONValue] {
        try #require(try service.request("POST", "/v1/trees/demo/controllers", json: #"{"id": "\#(child)"}"#).status == 201)
        let reply = try service.request("POST", "/v1/trees/demo/controllers/root/children", json: #"{"child": "\#(child)"}"#)
        try #require(reply.status == 200, "\(reply.text)")
        return reply.json["events"].array
    }

    @Test func idsAndTagsOfLostChangesAreRefusedAndDurableOnesKept() throws {
        let directory = StateDirectory()
        var durableID: String?
        var lostID: String?
        var durableTag: String?
        var lostTag: String?
        var lostSeq = 0
        do {
            let store = try LosingStore(directory: directory.path)
            let service = try TestService(store: store)
            let created = try service.createTree("demo", root: Self.root).json["events"].array
            durableTag = try service.request("GET", "/v1/trees/demo").header("ETag")
            let stream = try EventStreamClient(port: service.port, "/v1/trees/demo/events")
            durableID = try stream.messages { $0.data == created.last }.last?.id
            // The directory's first start is generation 1.
            #expect(durableID == "1.\(try #require(created.last?["seq"].int))")
            #expect(stream.head.header("Containment-Generation") == "1")
            store.loseFromNowOn()
            let lost = try Self.add("list", service)
            lostSeq = try #require(lost.last?["seq"].int)
            lostID = try stream.messages { $0.data == lost.last }.last?.id
            lostTag = try service.request("GET", "/v1/trees/demo").header("ETag")
            stream.connection.close()
        }
        let (durable, lost) = (try #require(durableID), try #require(lostID))
        let (kept, gone) = (try #require(durableTag), try #require(lostTag))

        let service = try directory.service()
        // Nothing changed since the durable tag: still named.
        #expect(try service.request("GET", "/v1/trees/demo", headers: [("If-None-Match", kept)]).status == 304)
        let other = try Self.add("grid", service)
        try #require(try #require(other.last?["seq"].int) >= lostSeq, "the new change reuses the lost seqs")

        let tree = try service.request("GET", "/v1/trees/demo", headers: [("If-None-Match", gone)])
        #expect(tree.status == 200, "a tag of a lost version names another tree now")

        let resumed = try EventStreamClient(port: service.port, "/v1/trees/demo/events", headers: [("Last-Event-ID", lost)])
        let first = try #require(try resumed.next())
        #expect(first.event == "reset", "a resume after a lost event is told: \(first)")

        // The JSON page takes the same ids: a lost one is refused (410), a durable one pages on.
        let refused = try service.request("GET", "/v1/trees/demo/events", headers: [("Last-Event-ID", lost)])
        #expect(refused.status == 410)
        #expect(refused.json["code"].string == "history_lost")
        let paged = try service.request("GET", "/v1/trees/demo/events", headers: [("Last-Event-ID", durable)])
        #expect(paged.status == 200)
        #expect(paged.json["events"].array == other)
        #expect(paged.header("Containment-Generation") == "2")

        let continued = try EventStreamClient(port: service.port, "/v1/trees/demo/events", headers: [("Last-Event-ID", durable)])
        let replay = try continued.messages { $0.data == other.last }
        #expect(replay.map(\.event).contains("reset") == false)
        #expect(replay.map(\.data) == other)
    }
}
