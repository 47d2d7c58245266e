import MicroHTTP
import Testing

/// `Accept` weighs offers by RFC 9110 §12.5.1: q-values, the most specific range, the first
/// offer on ties.
@Suite struct AcceptTests {
    static let page = ["application/json", "text/event-stream", "application/x-ndjson"]
    static let streams = ["text/event-stream", "application/x-ndjson"]

    private static func best(_ offers: [String], _ fields: String?...) -> String? {
        var headers: HTTPHeaders = ["Accept-Encoding": "gzip"]
        for field in fields { if let field { headers.add(name: "Accept", value: field) } }
        return HTTPAccept.best(offers, in: headers)
    }

    @Test(
        arguments: [
            (nil, "application/json"),
            ("", "application/json"),
            ("*/*", "application/json"),
            ("text/event-stream", "text/event-stream"),
            ("application/json;q=0.5, text/event-stream", "text/event-stream"),
            ("application/x-ndjson, text/event-stream;q=0.9", "application/x-ndjson"),
            ("*/*;q=0.1, application/x-ndjson;q=0.2", "application/x-ndjson"),
            ("application/*, text/event-stream", "application/json"),
            ("text/event-stream, application/x-ndjson", "text/event-stream"),
            ("*/*, application/json;q=0", "text/event-stream"),
            ("TEXT/Event-Stream ; Q=1", "text/event-stream"),
            ("text/event-stream;charset=utf-8;q=0.5, application/json;q=0.4", "text/event-stream"),
        ] as [(String?, String)])
    func eventsPagePrefersJSONAmongEquals(accept: String?, expected: String) {
        #expect(Self.best(Self.page, accept) == expected)
    }

    @Test(
        arguments: [
            (nil, "text/event-stream"),
            ("*/*", "text/event-stream"),
            ("text/*;q=0.5, application/x-ndjson;q=0.6", "application/x-ndjson"),
            ("application/x-ndjson", "application/x-ndjson"),
        ] as [(String?, String)])
    func allTreesStreamPrefersServerSentEvents(accept: String?, expected: String) {
        #expect(Self.best(Self.streams, accept) == expected)
    }

    @Test(arguments: ["application/json", "text/html", "*/*;q=0", "text/event-stream;q=0, application/x-ndjson;q=0", "bogus", "*/json"])
    func nothingAcceptableIsNil(accept: String) {
        #expect(Self.best(Self.streams, accept) == nil)
    }

    @Test func severalFieldsAreOneList() {
        #expect(Self.best(Self.page, "application/json;q=0.2", "application/x-ndjson;q=0.3") == "application/x-ndjson")
    }
}

/// RFC 9110 §12.4.2 defines one qvalue grammar for every weighted field: `0` to `1` with at
/// most three decimals. A weight outside it (`q=2`, `q=1.5`, `q=0.1234`) states no preference
/// one could read, so its member is left out in `Accept` and `Accept-Encoding` alike, rather
/// than clamped in one and refused in the other.
@Suite struct QualityValueTests {
    static let malformed = ["2", "1.5", "1.001", "0.1234", "", ".5", "-0", "x", "1e0", "q"]

    @Test(arguments: malformed)
    func acceptLeavesTheRangeOut(weight: String) {
        // Left out, the range no longer outweighs the other; clamped, it would win; read as 0, it
        // would refuse what `*/*` allows.
        let headers: HTTPHeaders = ["Accept": "application/x-ndjson;q=\(weight), */*;q=0.5"]
        #expect(HTTPAccept.best(AcceptTests.streams, in: headers) == "text/event-stream")
    }

    @Test(arguments: malformed)
    func acceptEncodingLeavesTheCodingOut(weight: String) throws {
        let accept = try #require(HTTPAcceptEncoding(["Accept-Encoding": "gzip;q=\(weight), *;q=0.5"]))
        #expect(accept.weight(of: "gzip") == 500)
    }

    @Test(arguments: [("0", 0), ("0.", 0), ("0.5", 500), ("0.125", 125), ("1", 1000), ("1.000", 1000), ("1.", 1000)])
    func qvaluesAreReadInThousandths(weight: String, thousandths: Int) throws {
        let accept = try #require(HTTPAcceptEncoding(["Accept-Encoding": "br;q=\(weight)"]))
        #expect(accept.weight(of: "br") == thousandths)
    }
}

@Suite struct MediaTypeTests {
    @Test(arguments: [
        ("application/json", "application/json"), (" Application/JSON ; charset=utf-8", "application/json"), ("text/*", "text/*"), ("*/*", "*/*"),
    ])
    func readsTypeAndSubtype(text: String, essence: String) {
        #expect(HTTPMediaType(text)?.essence == essence)
    }

    @Test(arguments: ["", "json", "/json", "application/", "*/json", "a/b/c"])
    func refusesWhatIsNoMediaType(text: String) {
        #expect(HTTPMediaType(text) == nil)
    }
}
