import MicroHTTPTestSupport
import Testing

/// The events routes answer what `Accept` weighs highest, state it in `Content-Type`, and
/// offer unnamed SSE messages for `EventSource.onmessage`.
@Suite struct StreamNegotiationTests {
    private func contentType(_ service: TestService, _ target: String, accept: String?) throws -> (Int, String?) {
        let connection = try TestHTTPConnection(port: service.port)
        defer { connection.close() }
        try connection.sendRequest("GET", target, headers: accept.map { [("Accept", $0)] } ?? [])
        let head = try connection.readResponseHead()
        return (head.status, head.header("Content-Type"))
    }

    @Test func treeEventsFollowQValuesAndPreferTheJSONPage() throws {
        let service = try TestService()
        try service.createTree("demo")
        let cases: [(String?, String)] = [
            (nil, "application/json"),
            ("*/*", "application/json"),
            ("application/json;q=0.4, text/event-stream;q=0.8", "text/event-stream; charset=utf-8"),
            ("text/event-stream;q=0.1, application/x-ndjson", "application/x-ndjson"),
        ]
        for (accept, expected) in cases {
            let (status, type) = try contentType(service, "/v1/trees/demo/events", accept: accept)
            #expect(status == 200)
            #expect(type == expected, "Accept: \(accept ?? "none")")
        }
        let refused = try service.request("GET", "/v1/trees/demo/events", headers: [("Accept", "text/html")])
        #expect(refused.status == 406)
        #expect(refused.json["code"].string == "not_acceptable")
    }

    @Test func allTreesStreamTakesAnythingAsServerSentEvents() throws {
        let service = try TestService()
        for accept in [nil, "*/*", "text/*"] as [String?] {
            let (status, type) = try contentType(service, "/v1/events", accept: accept)
            #expect(status == 200)
            #expect(type == "text/event-stream; charset=utf-8", "Accept: \(accept ?? "none")")
        }
        let (_, ndjson) = try contentType(service, "/v1/events", accept: "text/event-stream;q=0.5, application/x-ndjson")
        #expect(ndjson == "application/x-ndjson")
    }

    @Test func unnamedMessagesCarryNoEventLineAndControlDataIsWrapped() throws {
        let service = try TestService { $0.eventsRetainedPerTree = 4 }
        try service.createTree("demo", root: #"{"id": "root", "children": [{"id": "a"}, {"id": "b"}]}"#)
        let connection = try TestHTTPConnection(port: service.port)
        defer { connection.close() }
        try connection.sendRequest("GET", "/v1/trees/demo/events?after=1&unnamed=true", headers: [("Accept", "text/event-stream")])
        #expect(try connection.readResponseHead().status == 200)
        var lines: [String] = []
        while lines.count < 12, let line = try connection.readBodyLine() { lines.append(line) }
        #expect(!lines.contains { $0.hasPrefix("event:") }, "\(lines)")
        let reset = try #require(lines.first { $0.hasPrefix("data: {\"reset\":") })
        #expect(reset.contains(#""requestedAfter":1"#))
        #expect(lines.contains { $0.hasPrefix("id: ") })
    }

    @Test(arguments: [EventStreamClient.Format.sse, .ndjson])
    func controlMessagesHaveOneShapeInBothFormats(format: EventStreamClient.Format) throws {
        let service = try TestService()
        let created = try service.createTree("demo", root: #"{"id": "root"}"#).json["events"].array
        let stream = try EventStreamClient(port: service.port, "/v1/trees/demo/events", format: format)
        _ = try stream.messages { $0.data == created.last }
        try service.request("DELETE", "/v1/trees/demo")
        let last = try #require(try stream.messages { $0.event == "treeDeleted" || $0.event.hasPrefix("mismatch") }.last)
        #expect(last.event == "treeDeleted", "SSE event name and data wrapper agree")
        #expect(last.data["tree"].string == "demo")
    }
}
