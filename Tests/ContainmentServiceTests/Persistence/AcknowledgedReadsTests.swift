import Dispatch
import Foundation
import Synchronization
import Testing

/// Listings, event pages and every read of a tree show it as its last acknowledged change left
/// it: they never wait for a commit under way, never show a change it may still refuse, and a
/// refused change (a full disk, a failed commit) leaves them as they were.
@Suite struct AcknowledgedReadsTests {
    /// Every page of `GET /v1/trees` one tree at a time: their statuses and the trees listed.
    private static func listing(_ service: TestService) throws -> (statuses: [Int], trees: [(id: String, lastSeq: Int?, controllers: Int?)]) {
        var statuses: [Int] = []
        var trees: [(String, Int?, Int?)] = []
        var target: String? = "/v1/trees?limit=1"
        while let page = target, statuses.count < 10 {
            let reply = try service.request("GET", page)
            statuses.append(reply.status)
            for tree in reply.json["trees"].array {
                trees.append((tree["id"].string ?? "", tree["lastSeq"].int, tree["controllerCount"].int))
            }
            target = reply.json["nextCursor"].string.map { "/v1/trees?limit=1&cursor=\($0)" }
        }
        return (statuses, trees)
    }

    @Test func changesAFailedCommitRefusedLeaveEveryListingPageAsItWas() throws {
        let store = try StallingStore(directory: StateDirectory().path)
        let service = try TestService(store: store) { $0.stateStallSeconds = 0.5 }
        try service.createTree("a", root: #"{"id": "root"}"#)
        let b = try service.createTree("b", root: #"{"id": "root"}"#)
        let before = try Self.listing(service)
        store.stall()
        let creation = service.concurrently([("PUT", "/v1/trees/c", #"{"clock": "manual", "root": {"id": "root"}}"#)])
        store.waitForStalledCommit()
        let mutation = service.concurrently([("POST", "/v1/trees/b/controllers", #"{"id": "lost"}"#)])
        Thread.sleep(forTimeInterval: 0.5)
        store.fail()
        // Both ran, and their commit failed.
        for refused in [creation()[0], mutation()[0]] {
            #expect(refused?.status == 503)
            #expect(refused?.json["detail"].string?.hasPrefix("The change ran") == true, "\(refused?.text ?? "")")
        }

        let read = try service.request("GET", "/v1/trees/c")
        #expect(read.status == 404)
        #expect(read.json["code"].string == "tree_not_found")
        let after = try Self.listing(service)
        #expect(after.statuses == [200, 200])
        #expect(after.trees.map(\.id) == ["a", "b"])
        #expect(after.trees.map(\.lastSeq) == before.trees.map(\.lastSeq))
        #expect(after.trees.map(\.controllers) == [1, 1])
        #expect(after.trees.last?.lastSeq == b.json["events"].array.last?["seq"].int)
    }

    @Test func aStalledCommitHoldsNoListingOrEventPage() throws {
        let store = try StallingStore(directory: StateDirectory().path)
        let service = try TestService(store: store) { $0.stateStallSeconds = 5 }
        try service.createTree("a", root: #"{"id": "root"}"#)
        let acknowledged = try service.request("GET", "/v1/trees/a/events?after=0")
        store.stall()
        let pending = service.concurrently([
            ("POST", "/v1/trees/a/controllers", #"{"id": "pending"}"#),
            ("PATCH", "/v1/trees/a/controllers/root", #"{"properties": {"shown": "pending"}}"#),
        ])
        store.waitForStalledCommit()
        Thread.sleep(forTimeInterval: 0.5)

        let started = Date()
        let listing = try service.request("GET", "/v1/trees")
        let events = try service.request("GET", "/v1/trees/a/events?after=0")
        let seconds = Date().timeIntervalSince(started)
        #expect(seconds < 1, "the reads took \(seconds) s during the stalled commit")
        #expect(listing.status == 200)
        #expect(listing.json["trees"][0]["controllerCount"].int == 1)
        #expect(listing.json["trees"][0]["lastSeq"].int == acknowledged.json["lastSeq"].int)
        #expect(events.status == 200)
        #expect(events.json["lastSeq"] == acknowledged.json["lastSeq"])
        #expect(events.json["events"] == acknowledged.json["events"])
        #expect(!events.text.contains("pending"))

        store.resume()
        #expect(pending().map { $0?.status } == [201, 200])
        let now = try service.request("GET", "/v1/trees/a/events?after=0")
        #expect(now.json["lastSeq"].int ?? 0 > acknowledged.json["lastSeq"].int ?? 0)
        #expect(try service.request("GET", "/v1/trees").json["trees"][0]["controllerCount"].int == 2)
    }

    /// A read of a tree whose change is still being committed is answered at once with the
    /// version before that change, the last durable one: its encoding reused when that version
    /// was read before (tree `a`), else built from the tree with the pending change taken back
    /// (tree `b`, its property and its new controller not shown by any read).
    @Test func aStalledCommitHoldsNoReadOfItsTree() throws {
        let store = try StallingStore(directory: StateDirectory().path)
        let service = try TestService(store: store) { $0.stateStallSeconds = 2 }
        try service.createTree("a", root: #"{"id": "root"}"#)
        try service.createTree("b", root: #"{"id": "root"}"#)
        let before = try service.request("GET", "/v1/trees/a")
        let tag = try #require(before.header("ETag"))
        let acknowledged = try service.request("GET", "/v1/trees/b/events?after=0")
        store.stall()
        let pending = service.concurrently([
            ("POST", "/v1/trees/a/controllers", #"{"id": "pending"}"#),
            ("PATCH", "/v1/trees/b/controllers/root", #"{"properties": {"shown": "pending"}}"#),
            ("POST", "/v1/trees/b/controllers", #"{"id": "pending"}"#),
        ])
        store.waitForStalledCommit()
        Thread.sleep(forTimeInterval: 0.5)

        let started = Date()
        let read = try service.request("GET", "/v1/trees/a")
        let gzip = try service.request("GET", "/v1/trees/a", headers: [("Accept-Encoding", "gzip")])
        let unchanged = try service.request("GET", "/v1/trees/a", headers: [("If-None-Match", tag)])
        let unread = try service.request("GET", "/v1/trees/b")
        let unreadTag = try #require(unread.header("ETag"))
        let unreadAgain = try service.request("GET", "/v1/trees/b", headers: [("If-None-Match", unreadTag)])
        let pretty = try service.request("GET", "/v1/trees/b?pretty")
        let hierarchy = try service.request("GET", "/v1/trees/b/hierarchy")
        let root = try service.request("GET", "/v1/trees/b/controllers/root")
        let created = try service.request("GET", "/v1/trees/b/controllers/pending")
        let timeline = try service.request("GET", "/v1/trees/b/timeline?format=text")
        let seconds = Date().timeIntervalSince(started)
        #expect(seconds < 1, "the reads took \(seconds) s during the stalled commit")
        #expect(read.status == 200)
        #expect(read.body == before.body)
        #expect(read.header("ETag") == tag)
        #expect(gzip.status == 200)
        #expect(unchanged.status == 304)
        #expect(unread.status == 200)
        #expect(unread.json["lastSeq"] == acknowledged.json["lastSeq"])
        #expect(unread.json["controllers"]["pending"] == .null)
        #expect(unread.json["controllers"]["root"]["properties"]["shown"] == .null)
        #expect(unreadAgain.status == 304)
        for shown in [pretty, hierarchy, root, timeline] {
            #expect(shown.status == 200)
            #expect(!shown.text.contains("pending"), "\(shown.text)")
        }
        #expect(created.status == 404)
        #expect(created.json["code"].string == "controller_not_found")

        store.resume()
        #expect(pending().map { $0?.status } == [201, 200, 201])
        let after = try service.request("GET", "/v1/trees/a")
        #expect(after.header("ETag") != tag)
        #expect(after.text.contains("pending"))
        let changed = try service.request("GET", "/v1/trees/b", headers: [("If-None-Match", unreadTag)])
        #expect(changed.status == 200)
        #expect(changed.json["controllers"]["root"]["properties"]["shown"].string == "pending")
        #expect(changed.json["controllers"]["pending"] != .null)
    }

    /// A stream opened while its tree's change is being committed gets the events committed
    /// before it at once, and the change's events once it is committed, before any later
    /// event: each once, in order, whether the change's batch was already posted for another
    /// stream (here `earlier`, which gets it too) or not.
    @Test func aStreamOpenedDuringAStalledCommitReplaysWhatWasCommittedAtOnce() throws {
        let store = try StallingStore(directory: StateDirectory().path)
        let service = try TestService(store: store) { $0.stateStallSeconds = 5 }
        try service.createTree("t", root: #"{"id": "root"}"#)
        let acknowledged = try service.request("GET", "/v1/trees/t/events?after=0")
        let committedSeqs = acknowledged.json["events"].array.compactMap { $0["seq"].int }
        let lastSeq = try #require(acknowledged.json["lastSeq"].int)
        let earlier = try EventStreamClient(port: service.port, "/v1/trees/t/events?after=0", format: .ndjson)
        #expect(try earlier.messages { $0.data["seq"].int == lastSeq }.count == committedSeqs.count)
        store.stall()
        let pending = service.concurrently([("PATCH", "/v1/trees/t/controllers/root", #"{"properties": {"shown": "pending"}}"#)])
        store.waitForStalledCommit()
        Thread.sleep(forTimeInterval: 0.3)

        let started = Date()
        let stream = try EventStreamClient(port: service.port, "/v1/trees/t/events?after=0", format: .ndjson)
        let committed = try stream.messages { $0.data["seq"].int == lastSeq }
        let seconds = Date().timeIntervalSince(started)
        #expect(seconds < 1, "the committed events took \(seconds) s during the stalled commit")
        #expect(committed.compactMap { $0.data["seq"].int } == committedSeqs)

        store.resume()
        #expect(pending()[0]?.status == 200)
        #expect(try service.request("PATCH", "/v1/trees/t/controllers/root", json: #"{"properties": {"shown": "later"}}"#).status == 200)
        for client in [stream, earlier] {
            let rest = try client.messages { $0.data["args"]["new"].string == "later" }
            let seqs = rest.compactMap { $0.data["seq"].int }
            #expect(seqs == Array(lastSeq + 1..<lastSeq + 1 + seqs.count))
            #expect(rest.map { $0.data["args"]["new"].string } == ["pending", "later"])
        }
    }

    @Test func aDeletionUnderWayLeavesItsTreeListedAndReadUntilItIsCommitted() throws {
        let store = try StallingStore(directory: StateDirectory().path)
        let service = try TestService(store: store) { $0.stateStallSeconds = 5 }
        try service.createTree("a", root: #"{"id": "root"}"#)
        try service.createTree("b", root: #"{"id": "root"}"#)
        let before = try service.request("GET", "/v1/trees").json["trees"]
        store.stall()
        let deletion = service.concurrently([("DELETE", "/v1/trees/b", nil)])
        store.waitForStalledCommit()
        Thread.sleep(forTimeInterval: 0.5)
        let started = Date()
        let pages = try Self.listing(service)
        let read = try service.request("GET", "/v1/trees/b")
        let events = try service.request("GET", "/v1/trees/b/events?after=0")
        #expect(Date().timeIntervalSince(started) < 1)
        #expect(pages.statuses == [200, 200])
        #expect(try service.request("GET", "/v1/trees").json["trees"] == before)
        #expect(read.status == 200)
        #expect(read.json["controllers"]["root"]["appearance"].string == "appeared")
        #expect(events.status == 200)
        #expect(events.json["lastSeq"] == read.json["lastSeq"])

        store.resume()
        #expect(deletion()[0]?.status == 200)
        #expect(try Self.listing(service).trees.map(\.id) == ["a"])
        #expect(try service.request("GET", "/v1/trees/b").status == 404)
    }
}
