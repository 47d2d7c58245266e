import Containment
import Synchronization
import Testing

@testable import ContainmentService

@Suite struct EventHubTests {
    /// Every mutation's events reach the hub (where streams will listen), in seq order, and
    /// are exactly what the responses returned.
    @Test func hubSeesWhatResponsesReturn() throws {
        let service = try TestService()
        let received = Mutex<[(tree: String, seq: UInt64)]>([])
        let subscription = service.service.core.hub.subscribe { tree, events in
            received.withLock { $0 += events.map { (tree, $0.seq) } }
        }
        defer { service.service.core.hub.unsubscribe(subscription) }

        var returned = try service.createTree("demo", root: #"{"id": "root"}"#).json["events"].array
        try service.request("POST", "/v1/trees/demo/controllers", json: #"{"id": "map"}"#)
        returned += try service.request("POST", "/v1/trees/demo/controllers/root/children", json: #"{"child": "map"}"#).json["events"].array
        returned += try service.request("DELETE", "/v1/trees/demo").json["events"].array
        try service.request("POST", "/v1/trees/demo/calls", json: #"{"calls": []}"#)

        let seen = received.withLock { $0 }
        #expect(seen.allSatisfy { $0.tree == "demo" })
        #expect(seen.map { Int($0.seq) } == returned.compactMap { $0["seq"].int })
    }

    @Test func unsubscribedHandlerHearsNothing() throws {
        let service = try TestService()
        let count = Atomic<Int>(0)
        let subscription = service.service.core.hub.subscribe { _, events in count.add(events.count, ordering: .relaxed) }
        service.service.core.hub.unsubscribe(subscription)
        try service.createTree("demo", root: #"{"id": "root"}"#)
        #expect(count.load(ordering: .relaxed) == 0)
    }
}
