import Dispatch
import Foundation
import Synchronization
import Testing

@testable import ContainmentService

/// With a state directory no answer, page or stream shows a change before it is durable, so a
/// change lost to a failed commit or a killed process was never seen, and nothing seen is
/// reused after a restart; and no request's thread waits for the disk, so a stalled disk
/// leaves `/healthz` and every other tree's reads answering at once.
@Suite struct DurabilityTests {
    private static func timed(_ body: () throws -> Reply) rethrows -> (Reply, Double) {
        let started = Date()
        let reply = try body()
        return (reply, Date().timeIntervalSince(started))
    }

    @Test func aStalledDiskHoldsNoRequestThread() throws {
        let directory = StateDirectory()
        let store = try StallingStore(directory: directory.path)
        let service = try TestService(store: store) { $0.stateStallSeconds = 0.5 }
        try service.createTree("quiet", root: #"{"id": "root"}"#)
        try service.createTree("busy", root: #"{"id": "root"}"#)
        let scenario = try #require(try service.request("GET", "/v1/scenarios").json["scenarios"][0]["id"].string)
        store.stall()
        // More requests that wait for a commit than the server has threads (2): creations, a
        // scenario run, a deletion, a mutation.
        let answers = service.concurrently([
            ("PUT", "/v1/trees/a", #"{"clock": "manual"}"#), ("PUT", "/v1/trees/b", #"{"clock": "manual"}"#),
            ("POST", "/v1/scenarios/\(scenario)/runs", "{}"), ("DELETE", "/v1/trees/busy", nil),
            ("POST", "/v1/trees/quiet/calls", #"{"calls": []}"#),
        ])
        store.waitForStalledCommit()
        Thread.sleep(forTimeInterval: 0.3)
        for _ in 0..<5 {
            let (health, seconds) = try Self.timed { try service.request("GET", "/healthz") }
            #expect(health.status == 200)
            #expect(seconds < 1, "/healthz took \(seconds) s during the stall")
        }
        // Reads are answered at once with each tree's last durable version: a tree whose
        // creation is still being committed has none yet (404), one whose deletion is still
        // being committed is shown as it was.
        let (quiet, quietSeconds) = try Self.timed { try service.request("GET", "/v1/trees/quiet") }
        #expect(quiet.status == 200)
        #expect(quietSeconds < 1)
        let (pending, pendingSeconds) = try Self.timed { try service.request("GET", "/v1/trees/a") }
        #expect(pending.status == 404)
        #expect(pending.json["code"].string == "tree_not_found")
        #expect(pendingSeconds < 1, "\(pendingSeconds) s")
        let (deleting, deletingSeconds) = try Self.timed { try service.request("GET", "/v1/trees/busy") }
        #expect(deleting.status == 200)
        #expect(deleting.json["id"].string == "busy")
        #expect(deletingSeconds < 1, "\(deletingSeconds) s")
        // Past the stall bound the instance says it is not ready.
        Thread.sleep(forTimeInterval: 0.5)
        let readiness = try service.request("GET", "/readyz")
        #expect(readiness.status == 503)
        #expect(readiness.json["code"].string == "state_stalled")

        store.resume()
        let replies = answers()
        #expect(replies.map { $0?.status } == [201, 201, 201, 200, 200])
        #expect(try service.request("GET", "/v1/trees/a").status == 200)
        #expect(try service.request("GET", "/v1/trees/busy").status == 404)
        #expect(try service.request("GET", "/readyz").status == 200)
    }

    @Test func aChangeIsShownOnlyOnceDurableSoALostOneIsNeverSeenOrReused() throws {
        let directory = StateDirectory()
        let stream: EventStreamClient
        let kept: Reply
        do {
            let store = try StallingStore(directory: directory.path)
            let first = try TestService(store: store) { $0.stateStallSeconds = 0.5 }
            try first.createTree("t", root: #"{"id": "root", "title": "kept"}"#)
            kept = try first.request("GET", "/v1/trees/t")
            stream = try EventStreamClient(port: first.port, "/v1/trees/t/events?after=0", format: .ndjson)
            store.stall()
            let lost = first.concurrently([("PATCH", "/v1/trees/t/controllers/root", #"{"title": "lost"}"#)])
            store.waitForStalledCommit()
            Thread.sleep(forTimeInterval: 0.1)
            // Neither a conditional read (answered at once: the version read before the change
            // is the last durable one), nor the events page (which ends at the last committed
            // change), nor the stream shows it.
            let conditional = try first.request("GET", "/v1/trees/t", headers: [("If-None-Match", try #require(kept.header("ETag")))])
            #expect(conditional.status == 304, "\(conditional.status) \(conditional.text)")
            let page = try first.request("GET", "/v1/trees/t/events?after=0")
            #expect(page.status == 200)
            #expect(page.json["lastSeq"] == kept.json["lastSeq"])
            #expect(!page.text.contains("lost"))
            store.fail()
            let refusedChange = lost()[0]
            #expect(refusedChange?.status == 503)
            #expect(refusedChange?.json["code"].string == "state_not_durable")
            #expect(refusedChange?.json["changeOutcome"].string == "notApplied")
            // A read shows the last durable version, which is what a restart will load.
            let durable = try first.request("GET", "/v1/trees/t")
            #expect(durable.status == 200)
            #expect(durable.body == kept.body)
        }
        let seen = try stream.messages { $0.event == "shutdown" }
        #expect(seen.last?.event == "shutdown")
        #expect(!seen.contains { "\($0.data)".contains("lost") })

        // After a restart the tree is as it was durably; its next change takes a new tag and
        // the seqs after the last one any client saw.
        let restarted = try directory.service()
        let keptTag = try #require(kept.header("ETag"))
        #expect(try restarted.request("GET", "/v1/trees/t", headers: [("If-None-Match", keptTag)]).status == 304)
        let changed = try restarted.request("PATCH", "/v1/trees/t/controllers/root", json: #"{"title": "other"}"#)
        #expect(changed.status == 200)
        let now = try restarted.request("GET", "/v1/trees/t", headers: [("If-None-Match", keptTag)])
        #expect(now.status == 200)
        #expect(now.json["controllers"]["root"]["title"].string == "other")
        #expect(seen.compactMap { $0.data["seq"].int }.max() == kept.json["lastSeq"].int)
    }
}
