import Dispatch
import Foundation
import Synchronization
import Testing

/// Listings and event pages show each tree as its last acknowledged change left it: they never
/// wait for a commit under way, never show a change it may still refuse, and a refused change
/// (a full disk, a failed commit) leaves them as they were.
@Suite struct AcknowledgedReadsTests {
    /// Sends each request on a thread of its own (not the global queue's, which a loaded test
    /// run can leave without a free thread); their replies, in order, once all answered.
    private static func concurrently(_ service: TestService, _ requests: [(String, String, String?)]) -> () -> [Reply?] {
        let replies = Mutex([Reply?](repeating: nil, count: requests.count))
        let group = DispatchGroup()
        for (index, (method, target, json)) in requests.enumerated() {
            group.enter()
            Thread.detachNewThread {
                let reply = try? service.request(method, target, json: json)
                replies.withLock { $0[index] = reply }
                group.leave()
            }
        }
        return {
            group.wait()
            return replies.withLock { $0 }
        }
    }

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
        let creation = Self.concurrently(service, [("PUT", "/v1/trees/c", #"{"clock": "manual", "root": {"id": "root"}}"#)])
        store.waitForStalledCommit()
        let mutation = Self.concurrently(service, [("POST", "/v1/trees/b/controllers", #"{"id": "lost"}"#)])
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
        let pending = Self.concurrently(
            service,
            [
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
    /// version before that change (durable, and read before the change, so its encoding is
    /// kept); a tree not read since its last durable version still waits, bounded.
    @Test func aStalledCommitHoldsNoReadOfTheTreeWhoseDurableVersionWasRead() throws {
        let store = try StallingStore(directory: StateDirectory().path)
        let service = try TestService(store: store) { $0.stateStallSeconds = 2 }
        try service.createTree("a", root: #"{"id": "root"}"#)
        try service.createTree("b", root: #"{"id": "root"}"#)
        let before = try service.request("GET", "/v1/trees/a")
        let tag = try #require(before.header("ETag"))
        store.stall()
        let pending = Self.concurrently(
            service, [("POST", "/v1/trees/a/controllers", #"{"id": "pending"}"#), ("POST", "/v1/trees/b/controllers", #"{"id": "pending"}"#)])
        store.waitForStalledCommit()
        Thread.sleep(forTimeInterval: 0.5)

        let started = Date()
        let read = try service.request("GET", "/v1/trees/a")
        let gzip = try service.request("GET", "/v1/trees/a", headers: [("Accept-Encoding", "gzip")])
        let unchanged = try service.request("GET", "/v1/trees/a", headers: [("If-None-Match", tag)])
        let seconds = Date().timeIntervalSince(started)
        #expect(seconds < 1, "the reads took \(seconds) s during the stalled commit")
        #expect(read.status == 200)
        #expect(read.body == before.body)
        #expect(read.header("ETag") == tag)
        #expect(gzip.status == 200)
        #expect(unchanged.status == 304)

        let unread = try service.request("GET", "/v1/trees/b")
        #expect(unread.status == 503)
        #expect(unread.json["code"].string == "state_stalled")

        store.resume()
        #expect(pending().map { $0?.status } == [201, 201])
        let after = try service.request("GET", "/v1/trees/a")
        #expect(after.header("ETag") != tag)
        #expect(after.text.contains("pending"))
        #expect(try service.request("GET", "/v1/trees/b").text.contains("pending"))
    }

    @Test func aDeletionUnderWayLeavesItsTreeListedUntilItIsCommitted() throws {
        let store = try StallingStore(directory: StateDirectory().path)
        let service = try TestService(store: store) { $0.stateStallSeconds = 5 }
        try service.createTree("a", root: #"{"id": "root"}"#)
        try service.createTree("b", root: #"{"id": "root"}"#)
        let before = try service.request("GET", "/v1/trees").json["trees"]
        store.stall()
        let deletion = Self.concurrently(service, [("DELETE", "/v1/trees/b", nil)])
        store.waitForStalledCommit()
        Thread.sleep(forTimeInterval: 0.5)
        let started = Date()
        let pages = try Self.listing(service)
        #expect(Date().timeIntervalSince(started) < 1)
        #expect(pages.statuses == [200, 200])
        #expect(try service.request("GET", "/v1/trees").json["trees"] == before)

        store.resume()
        #expect(deletion()[0]?.status == 200)
        #expect(try Self.listing(service).trees.map(\.id) == ["a"])
    }
}
