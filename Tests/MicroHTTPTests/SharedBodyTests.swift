import MicroHTTP
import MicroHTTPTestSupport
import Testing

@Suite struct SharedBodyTests {
    /// Larger than a connection's memory pool, so libmicrohttpd must send it from where it is.
    private static let payload = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }

    @Test func sharedBytesHoldACopyOfTheirSource() {
        var source: [UInt8] = [1, 2, 3]
        let shared = HTTPSharedBytes(source)
        source[0] = 9
        #expect(shared.count == 3)
        #expect(shared.withUnsafeBytes { Array($0) } == [1, 2, 3])
        #expect(HTTPSharedBytes([]).count == 0)
    }

    @Test func oneSharedBodyServesManyRequestsAndIsReleasedAfterwards() throws {
        var shared = HTTPSharedBytes(Self.payload)
        try serve(shared)
        // The server and its handler are gone; every response libmicrohttpd held let go too.
        #expect(isKnownUniquelyReferenced(&shared))
    }

    private func serve(_ shared: HTTPSharedBytes) throws {
        let handlers = HTTPServerHandlers { _ in
            .response(HTTPResponse(status: 200, headers: ["Content-Type": "application/octet-stream"], shared: shared))
        }
        try expectServedRepeatedly(handlers, body: Self.payload)
    }
}
