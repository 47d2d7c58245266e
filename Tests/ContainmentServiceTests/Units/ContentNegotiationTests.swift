import Testing

@testable import ContainmentService

/// `Accept` weighs offers by RFC 9110: q-values, the most specific range, first offer on ties.
@Suite struct ContentNegotiationTests {
    static let page = ["application/json", "text/event-stream", "application/x-ndjson"]
    static let streams = ["text/event-stream", "application/x-ndjson"]

    @Test(
        arguments: [
            (nil, "application/json"),
            ("*/*", "application/json"),
            ("text/event-stream", "text/event-stream"),
            ("application/json;q=0.5, text/event-stream", "text/event-stream"),
            ("application/x-ndjson, text/event-stream;q=0.9", "application/x-ndjson"),
            ("*/*;q=0.1, application/x-ndjson;q=0.2", "application/x-ndjson"),
            ("application/*, text/event-stream", "application/json"),
            ("text/event-stream, application/x-ndjson", "text/event-stream"),
            ("*/*, application/json;q=0", "text/event-stream"),
            ("TEXT/Event-Stream ; Q=1", "text/event-stream"),
        ] as [(String?, String)])
    func eventsPagePrefersJSONAmongEquals(accept: String?, expected: String) {
        #expect(ContentNegotiation.best(Self.page, accept: accept) == expected)
    }

    @Test(
        arguments: [
            (nil, "text/event-stream"),
            ("*/*", "text/event-stream"),
            ("text/*;q=0.5, application/x-ndjson;q=0.6", "application/x-ndjson"),
            ("application/x-ndjson", "application/x-ndjson"),
        ] as [(String?, String)])
    func allTreesStreamPrefersServerSentEvents(accept: String?, expected: String) {
        #expect(ContentNegotiation.best(Self.streams, accept: accept) == expected)
    }

    @Test(arguments: ["application/json", "text/html", "*/*;q=0", "text/event-stream;q=0, application/x-ndjson;q=0", "bogus"])
    func nothingAcceptableIsNil(accept: String) {
        #expect(ContentNegotiation.best(Self.streams, accept: accept) == nil)
    }
}
