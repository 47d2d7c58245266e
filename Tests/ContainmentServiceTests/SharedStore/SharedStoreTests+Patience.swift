import Foundation
import PostgresTestSupport
import Testing

@testable import ContainmentPersistence
@testable import ContainmentService

/// How long a request for a tree another instance holds may wait: its own patience (the lease
/// plus 2 s) from its own arrival, and never behind the takeover of another tree.
extension SharedStoreTests {
    /// A request that joins a takeover already under way waits its full patience, not what was
    /// left of the first request's. The tree's row is locked, so every attempt waits out its
    /// lock timeout and the job never takes the tree.
    @Test func aRequestJoiningATakeoverWaitsItsOwnPatience() throws {
        let schema = try PostgresTestSchema()
        let owner = try Self.instance(schema)
        try owner.createTree("t", root: #"{"id": "root"}"#)
        let taker = try Self.instance(schema)
        let patience = try #require(taker.service.core.ownership?.patience)

        let lock = try PostgresConnection(url: schema.url)
        defer { lock.close() }
        try lock.execute("BEGIN")
        _ = try lock.query("SELECT tree FROM containment_heads WHERE tree = 't' FOR UPDATE")
        let started = ContinuousClock.now
        let first = Background { () -> (Int, Duration) in
            let status = (try? taker.request("GET", "/v1/trees/t").status) ?? 0
            return (status, ContinuousClock.now - started)
        }
        Thread.sleep(forTimeInterval: 2)
        let joined = ContinuousClock.now
        let second = Background { () -> (Int, Duration) in
            let status = (try? taker.request("GET", "/v1/trees/t").status) ?? 0
            return (status, ContinuousClock.now - joined)
        }
        let (firstStatus, firstWaited) = first.wait()
        let (secondStatus, secondWaited) = second.wait()
        try lock.execute("ROLLBACK")

        #expect(firstStatus == 503)
        #expect(secondStatus == 503)
        #expect(firstWaited >= patience && firstWaited < patience + .seconds(1), "the first request waited \(firstWaited)")
        #expect(secondWaited >= patience - .milliseconds(100), "the second request waited \(secondWaited), not its own \(patience)")
    }

    /// Takeovers of different trees run side by side: three trees whose rows are locked (each
    /// attempt waits out the 500 ms lock timeout) do not hold up a fourth, free one, taken on
    /// a store connection of its own.
    @Test func aFreeTreeIsTakenOverWhileOtherTakeoversWaitOnTheDatabase() throws {
        let schema = try PostgresTestSchema()
        let owner = try Self.instance(schema)
        let taker = try Self.instance(schema)
        let ownership = try #require(taker.service.core.ownership)
        let free = "free"
        let freeReader = ownership.readerIndex(for: free)
        let locked = Array((0..<256).map { "locked-\($0)" }.filter { ownership.readerIndex(for: $0) != freeReader }.prefix(3))
        try #require(locked.count == 3)
        for id in locked + [free] { try owner.createTree(id, root: #"{"id": "root"}"#) }
        try schema.execute("UPDATE containment_heads SET instance = NULL WHERE tree = '\(free)'")

        let lock = try PostgresConnection(url: schema.url)
        defer { lock.close() }
        try lock.execute("BEGIN")
        _ = try lock.query("SELECT tree FROM containment_heads WHERE tree LIKE 'locked-%' FOR UPDATE")
        let waiting = locked.map { id in Background { (try? taker.request("GET", "/v1/trees/\(id)").status) ?? 0 } }
        Thread.sleep(forTimeInterval: 0.1)
        let started = ContinuousClock.now
        let reply = try taker.request("GET", "/v1/trees/\(free)")
        let took = ContinuousClock.now - started
        try lock.execute("ROLLBACK")
        for request in waiting { _ = request.wait() }

        #expect(reply.status == 200, "\(reply.text)")
        #expect(took < .seconds(1), "the free tree waited \(took) behind the locked trees' takeovers")
    }
}
