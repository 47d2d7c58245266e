import Containment
import Foundation
import Testing

@Suite struct EventStreamTests {
    private static let rootWithMap = #"{"id": "root", "children": [{"id": "map"}]}"#

    /// The events an add mutation returns, as the stream must repeat them.
    private static func addList(_ service: TestService, tree: String = "demo") throws -> [JSONValue] {
        try service.request("POST", "/v1/trees/\(tree)/controllers", json: #"{"id": "list"}"#)
        let reply = try service.request("POST", "/v1/trees/\(tree)/controllers/root/children", json: #"{"child": "list"}"#)
        try #require(reply.status == 200, "\(reply.text)")
        return reply.json["events"].array
    }

    @Test(arguments: [EventStreamClient.Format.sse, .ndjson])
    func replaysRetainedEventsThenStreamsLiveOnesInOrder(format: EventStreamClient.Format) throws {
        let service = try TestService()
        let created = try service.createTree("demo", root: Self.rootWithMap).json["events"].array
        let stream = try EventStreamClient(port: service.port, "/v1/trees/demo/events", format: format)
        #expect(stream.status == 200)
        #expect(stream.contentType?.hasPrefix(format.accept) == true)

        let replay = try stream.messages { $0.data == created.last }
        #expect(replay.map(\.data) == created)

        let added = try Self.addList(service)
        let live = try stream.messages { $0.data == added.last }
        // The same JSON as the mutation response, one message per event, named by callback and seq.
        #expect(live.map(\.data) == added)
        #expect(live.map(\.event) == added.map { $0["callback"].string ?? "warning" })
        #expect(live.map(\.id) == added.map { $0["seq"].int.map(String.init) })
    }

    @Test func resumesAfterLastEventIDHeader() throws {
        let service = try TestService()
        try service.createTree("demo", root: Self.rootWithMap)
        let added = try Self.addList(service)
        let resumeAfter = try #require(added[2]["seq"].int)
        let stream = try EventStreamClient(
            port: service.port, "/v1/trees/demo/events?after=1", headers: [("Last-Event-ID", String(resumeAfter))])
        let messages = try stream.messages { $0.data == added.last }
        #expect(messages.map(\.data) == Array(added.dropFirst(3)), "the header wins over ?after=")
    }

    @Test(arguments: [EventStreamClient.Format.sse, .ndjson])
    func resumesAfterQuery(format: EventStreamClient.Format) throws {
        let service = try TestService()
        try service.createTree("demo", root: Self.rootWithMap)
        let added = try Self.addList(service)
        let resumeAfter = try #require(added[0]["seq"].int)
        let stream = try EventStreamClient(port: service.port, "/v1/trees/demo/events?after=\(resumeAfter)", format: format)
        #expect(try stream.messages { $0.data == added.last }.map(\.data) == Array(added.dropFirst()))
    }

    @Test(arguments: [EventStreamClient.Format.sse, .ndjson])
    func resumePointNoLongerRetainedGetsResetThenOldest(format: EventStreamClient.Format) throws {
        let service = try TestService { $0.eventsRetainedPerTree = 4 }
        try service.createTree("demo", root: Self.rootWithMap)
        let added = try Self.addList(service)
        let lastSeq = try #require(added.last?["seq"].int)
        let oldest = lastSeq - 3
        let page = try service.request("GET", "/v1/trees/demo/events?after=\(oldest - 1)").json
        #expect(page["oldestSeq"].int == oldest)

        let stream = try EventStreamClient(port: service.port, "/v1/trees/demo/events?after=1", format: format)
        let reset = try #require(try stream.next())
        #expect(reset.event == "reset")
        #expect(reset.data["oldestSeq"].int == oldest)
        #expect(reset.data["requestedAfter"].int == 1)
        let replay = try stream.messages { $0.data == added.last }
        #expect(replay.map(\.data) == page["events"].array)
        #expect(replay.map(\.data) == Array(added.suffix(4)))
    }

    @Test func malformedLastEventIDIsABadRequest() throws {
        let service = try TestService()
        try service.createTree("demo")
        let stream = try EventStreamClient(port: service.port, "/v1/trees/demo/events", headers: [("Last-Event-ID", "soon")])
        #expect(stream.status == 400)
    }

    @Test func unknownTreeStreamIsNotFound() throws {
        let service = try TestService()
        #expect(try EventStreamClient(port: service.port, "/v1/trees/nope/events").status == 404)
    }

    @Test func plainJSONPageIsUnchanged() throws {
        let service = try TestService()
        let created = try service.createTree("demo", root: Self.rootWithMap).json["events"].array
        let page = try service.request("GET", "/v1/trees/demo/events", headers: [("Accept", "application/json")])
        #expect(page.header("Content-Type") == "application/json")
        #expect(page.json["events"].array == created)
    }

    /// RFC 9110 §12.5.5: the page and the streams are chosen by `Accept`, so a cache must key
    /// them by it.
    @Test func negotiatedAnswersVaryByAccept() throws {
        let service = try TestService()
        try service.createTree("demo", root: Self.rootWithMap)
        #expect(try service.request("GET", "/v1/trees/demo/events").header("Vary") == "Accept")
        for (path, format) in [("/v1/trees/demo/events", EventStreamClient.Format.sse), ("/v1/trees/demo/events", .ndjson), ("/v1/events", .sse)] {
            let stream = try EventStreamClient(port: service.port, path, format: format)
            #expect(stream.status == 200)
            #expect(stream.head.header("Vary") == "Accept", "\(path) \(format)")
        }
    }

    @Test func allTreesStreamFiltersByPrefix() throws {
        let service = try TestService()
        let stream = try EventStreamClient(port: service.port, "/v1/events?tree=app-", format: .ndjson)
        #expect(stream.status == 200)
        // The stream is registered through the same queue as the events; a first tree's events
        // prove it is live before the rest are created.
        let first = try service.createTree("app-1", root: #"{"id": "root"}"#).json["events"].array
        #expect(try stream.messages { $0.data == first.last }.map(\.data) == first)

        try service.createTree("other", root: #"{"id": "root"}"#)
        let second = try service.createTree("app-2", root: #"{"id": "root"}"#).json["events"].array
        let messages = try stream.messages { $0.data == second.last }
        #expect(messages.map(\.data) == second, "no event of `other`")
    }

    @Test func allTreesStreamWithoutAStreamAcceptIsNotAcceptable() throws {
        let service = try TestService()
        let reply = try service.request("GET", "/v1/events", headers: [("Accept", "application/json")])
        #expect(reply.status == 406)
        #expect(reply.json["code"].string == "not_acceptable")
    }

    @Test(arguments: [EventStreamClient.Format.sse, .ndjson])
    func deletingTheTreeEndsItsStreamsWithAFinalEvent(format: EventStreamClient.Format) throws {
        let service = try TestService()
        let created = try service.createTree("demo", root: Self.rootWithMap).json["events"].array
        let stream = try EventStreamClient(port: service.port, "/v1/trees/demo/events", format: format)
        _ = try stream.messages { $0.data == created.last }

        let teardown = try service.request("DELETE", "/v1/trees/demo").json["events"].array
        let rest = try stream.messages { _ in false }
        #expect(rest.dropLast().map(\.data) == teardown, "the teardown's events first")
        #expect(rest.last?.event == "treeDeleted")
        #expect(rest.last?.data["lastSeq"].int == teardown.last?["seq"].int)
        #expect(try stream.next() == nil)
    }

    @Test(arguments: [EventStreamClient.Format.sse, .ndjson])
    func idleStreamsGetHeartbeats(format: EventStreamClient.Format) throws {
        let service = try TestService { $0.heartbeatInterval = 0.05 }
        try service.createTree("demo")
        let stream = try EventStreamClient(port: service.port, "/v1/trees/demo/events", format: format)
        let line = try #require(try stream.nextLine())
        #expect(line == (format == .sse ? ": heartbeat" : #"{"heartbeat":{}}"#))
        #expect(try Self.apiDocument.contains("`\(line)`"), "docs/api.md names the heartbeat line as sent")
    }

    private static var apiDocument: String {
        get throws {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../docs/api.md")
            return try String(contentsOf: root, encoding: .utf8)
        }
    }
}

extension EventStreamClient.Message: Equatable {
    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.id == rhs.id && lhs.event == rhs.event && lhs.data == rhs.data
    }
}

@Suite struct EventStreamMetricsTests {
    /// `/metrics` counts open streams, so an operator sees how many clients listen.
    @Test func metricsCountOpenStreams() throws {
        let service = try TestService()
        try service.createTree("demo", root: #"{"id": "root"}"#)
        let streams = try (0..<2).map { _ in try EventStreamClient(port: service.port, "/v1/trees/demo/events") }
        #expect(streams.allSatisfy { $0.status == 200 })
        #expect(try Self.waitForGauge(service, equalTo: 2))
        try service.request("DELETE", "/v1/trees/demo")
        #expect(try Self.waitForGauge(service, equalTo: 0))
    }

    /// Streams register on the fan-out queue shortly after their response head: poll briefly.
    private static func waitForGauge(_ service: TestService, equalTo value: Int) throws -> Bool {
        for _ in 0..<200 {
            let metrics = try service.request("GET", "/metrics").text
            if metrics.split(separator: "\n").contains("containment_event_streams \(value).0") { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return false
    }
}
