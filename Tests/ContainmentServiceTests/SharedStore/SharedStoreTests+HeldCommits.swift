import Foundation
import PostgresTestSupport
import Testing

@testable import ContainmentPersistence
@testable import ContainmentService

/// Readers never wait for a writer on the shared store either: a commit the database holds (a
/// lock another session keeps on the journal, as a long transaction or a stuck server would)
/// holds up only the change being committed.
extension SharedStoreTests {
    /// A read of a tree whose change is being committed, not read since its last durable
    /// version, is answered at once with that version; the change lands once the lock goes.
    @Test func aReadDuringAHeldCommitIsAnsweredAtOnceWithTheLastDurableVersion() throws {
        let schema = try PostgresTestSchema()
        let service = try Self.instance(schema)
        try service.createTree("t", root: #"{"id": "root"}"#)
        let acknowledged = try service.request("GET", "/v1/trees/t/events?after=0")
        let holder = try PostgresConnection(url: schema.url)
        defer { holder.close() }
        try holder.execute("BEGIN")
        try holder.execute("LOCK TABLE containment_journal IN EXCLUSIVE MODE")
        let session = try #require(try holder.query("SELECT pg_backend_pid()::text").text(0, 0))
        let pending = service.concurrently([
            ("PATCH", "/v1/trees/t/controllers/root", #"{"properties": {"shown": "pending"}}"#),
            ("POST", "/v1/trees/t/controllers", #"{"id": "pending"}"#),
        ])
        let held = try Self.waitUntil(seconds: 5) {
            try schema.value("SELECT count(*)::text FROM pg_stat_activity WHERE \(session) = ANY(pg_blocking_pids(pid))") != "0"
        }
        #expect(held, "no commit waited for the journal's lock")

        let started = Date()
        let read = try service.request("GET", "/v1/trees/t")
        let root = try service.request("GET", "/v1/trees/t/controllers/root")
        let created = try service.request("GET", "/v1/trees/t/controllers/pending")
        let events = try service.request("GET", "/v1/trees/t/events?after=0")
        let seconds = Date().timeIntervalSince(started)
        #expect(seconds < 1, "the reads took \(seconds) s during the held commit")
        #expect(read.status == 200)
        #expect(read.json["lastSeq"] == acknowledged.json["lastSeq"])
        #expect(read.json["controllers"]["root"]["properties"]["shown"] == .null)
        #expect(read.json["controllers"]["pending"] == .null)
        #expect(root.status == 200)
        #expect(!root.text.contains("pending"))
        #expect(created.status == 404)
        #expect(events.json["events"] == acknowledged.json["events"])

        try holder.execute("COMMIT")
        #expect(pending().map { $0?.status } == [200, 201])
        let after = try service.request("GET", "/v1/trees/t")
        #expect(after.json["controllers"]["root"]["properties"]["shown"].string == "pending")
        #expect(after.json["controllers"]["pending"] != .null)
        #expect(after.header("ETag") != read.header("ETag"))
    }
}
