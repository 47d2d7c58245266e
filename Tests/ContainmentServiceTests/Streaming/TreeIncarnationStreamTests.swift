import Containment
import Dispatch
import Foundation
import Testing

@testable import ContainmentService
@testable import MicroHTTP

/// A stream belongs to one incarnation of a tree, never to its id: a tree deleted while busy
/// and created again under the same id by another token must not send its teardown, nor its
/// `treeDeleted`, to the new tree's streams.
@Suite struct TreeIncarnationStreamTests {
    private static let tokens: AccessTokens = {
        let hex = { (token: String) in SHA256.hash(Array(token.utf8)).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() }
        return try! AccessTokens(fileText: "alice user \(hex("token-alice"))\nbob user \(hex("token-bob"))\n")
    }()
    private static let alice = [("Authorization", "Bearer token-alice")]
    private static let bob = [("Authorization", "Bearer token-bob")]

    @Test func aTreeDeletedWhileBusyAndCreatedAgainByAnotherOwnerKeepsItsStreamsApart() throws {
        let service = try TestService { $0.accessTokens = Self.tokens }
        let children = (0..<50).map { #"{"id": "a\#($0)"}"# }.joined(separator: ", ")
        let created = try service.request(
            "PUT", "/v1/trees/shared", json: #"{"clock": "manual", "root": {"id": "aliceRoot", "children": [\#(children)]}}"#, headers: Self.alice)
        try #require(created.status == 201)
        // Alice watches her tree: its teardown is published to streams.
        let watching = try EventStreamClient(port: service.port, "/v1/trees/shared/events", headers: Self.alice)
        #expect(watching.status == 200)
        // A long read holds the tree's lock while alice deletes it.
        let core = service.service.core
        let box = try core.registry.box("shared")
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        // Threads of their own: the dispatch pool is slow to grow past a blocked worker.
        Thread {
            _ = try? box.read(commit: nil) { _ in
                holding.signal()
                release.wait()
            }
        }.start()
        holding.wait()
        let deleted = DispatchSemaphore(value: 0)
        Thread {
            _ = try? service.request("DELETE", "/v1/trees/shared", headers: Self.alice)
            deleted.signal()
        }.start()
        Thread.sleep(forTimeInterval: 0.2)
        let bobTree = #"{"clock": "manual", "root": {"id": "bobRoot"}}"#
        var again = try service.request("PUT", "/v1/trees/shared", json: bobTree, headers: Self.bob)
        var stream = again.status == 201 ? try EventStreamClient(port: service.port, "/v1/trees/shared/events?after=0", headers: Self.bob) : nil
        release.signal()
        deleted.wait()
        if stream == nil {
            // Still listed while its deletion waited for the lock: the id was taken until then.
            #expect(again.status == 409)
            again = try service.request("PUT", "/v1/trees/shared", json: bobTree, headers: Self.bob)
            #expect(again.status == 201)
            stream = try EventStreamClient(port: service.port, "/v1/trees/shared/events?after=0", headers: Self.bob)
        }
        try service.request("POST", "/v1/trees/shared/controllers", json: #"{"id": "bobChild"}"#, headers: Self.bob)
        try service.request("POST", "/v1/trees/shared/controllers/bobRoot/children", json: #"{"child": "bobChild"}"#, headers: Self.bob)
        let messages = try #require(stream).messages { $0.data["controller"].string == "bobChild" }
        #expect(messages.last?.data["controller"].string == "bobChild", "bob's stream ended early: \(messages.map(\.event))")
        #expect(!messages.contains { $0.event == "treeDeleted" })
        #expect(!messages.contains { $0.data["controller"].string?.hasPrefix("a") == true }, "alice's teardown reached bob's stream")
    }

    /// The fan-out itself: a batch and an end for one incarnation never reach a stream of
    /// another with the same id.
    @Test func deliveriesAndEndsGoByIncarnation() throws {
        let fanOut = StreamFanOut(heartbeatInterval: 60, flushDelay: 0, openStreams: ServiceMetrics().eventStreams, durability: nil)
        let older = StreamedTree(key: 1, id: "shared", owner: "alice")
        let newer = StreamedTree(key: 2, id: "shared", owner: "bob")
        let stream = HTTPStream()
        fanOut.add(stream, format: .ndjson, scope: .tree(newer))
        let tree = try ContainmentTree(id: "shared", configuration: TreeConfiguration(), root: ControllerSpec(id: "root"), now: 0)
        fanOut.deliver(older, events: tree.creationEvents, durableAfter: 0)
        fanOut.endStreams(of: older, lastSeq: 9, durableAfter: 0)
        Thread.sleep(forTimeInterval: 0.2)
        #expect(stream.isActive, "the older tree's end finished the newer tree's stream")
        #expect(stream.state.withLock { $0.unsent.count } == 0, "the older tree's events reached the newer tree's stream")
        fanOut.deliver(newer, events: tree.creationEvents, durableAfter: 0)
        Thread.sleep(forTimeInterval: 0.2)
        #expect(stream.state.withLock { $0.unsent.count } > 0)
    }
}
