import MicroHTTPTestSupport
import Testing

@testable import MicroHTTP

@Suite struct PreparedResponseTests {
    private static let body = Array(#"{"status":"ok"}"#.utf8)

    @Test func onePreparedResponseServesManyRequestsAndIsReleasedAfterwards() throws {
        var body = HTTPSharedBytes(Self.body)
        do {
            let prepared = HTTPPreparedResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
            let handlers = HTTPServerHandlers { _ in .response(HTTPResponse(prepared: prepared)) }
            try expectServedRepeatedly(handlers, body: Self.body) { response in
                #expect(response.header("content-type") == "application/json")
                #expect(response.headers.filter { $0.name.lowercased() == "x-content-type-options" }.map(\.value) == ["nosniff"])
                #expect(response.header("date") != nil, "libmicrohttpd dates each sending")
            }
        }
        // The prepared response, and libmicrohttpd's response holding the body, are gone.
        #expect(isKnownUniquelyReferenced(&body))
    }

    @Test func aChangedCopyIsSentAsChanged() throws {
        let prepared = HTTPPreparedResponse(status: 200, headers: ["Content-Type": "application/json"], body: Self.body)
        let handlers = HTTPServerHandlers { request in
            var response = HTTPResponse(prepared: prepared)
            switch request.head.path {
            case "/field": response.headers.add(name: "Access-Control-Allow-Origin", value: "https://example.com")
            case "/replaced": response.headers.set(name: "Content-Type", value: "text/plain")
            case "/status": response.status = 503
            default: break
            }
            return .response(response)
        }
        try withServer(handlers: handlers) { server in
            let connection = try TestHTTPConnection(port: server.port)
            let added = try connection.request("GET", "/field")
            #expect(added.header("access-control-allow-origin") == "https://example.com")
            #expect(added.header("content-type") == "application/json")
            #expect(added.body == Self.body)
            let replaced = try connection.request("GET", "/replaced")
            #expect(replaced.header("content-type") == "text/plain")
            #expect(replaced.header("x-content-type-options") == "nosniff")
            let status = try connection.request("GET", "/status")
            #expect(status.status == 503)
            #expect(status.body == Self.body)
            // The prepared answer itself is untouched by its changed copies.
            let plain = try connection.request("GET", "/")
            #expect(plain.status == 200)
            #expect(plain.header("access-control-allow-origin") == nil)
            #expect(plain.header("content-type") == "application/json")
        }
    }

    @Test func onlyAnUnchangedCopyOfFieldsCountsAsUnchanged() {
        let original: HTTPHeaders = ["Content-Type": "application/json"]
        var copy = original
        #expect(copy.isUnchangedCopy(of: original))
        copy.add(name: "Vary", value: "Accept-Encoding")
        #expect(!copy.isUnchangedCopy(of: original))
        let equal: HTTPHeaders = ["Content-Type": "application/json"]
        #expect(!equal.isUnchangedCopy(of: original), "equal fields in other storage are built afresh")
        var replaced = original
        replaced.set(name: "Content-Type", value: "application/json")
        #expect(!replaced.isUnchangedCopy(of: original))
    }

    @Test func aPreparedBodyIsWrittenWholeBehindLibMicroHTTPD() {
        let prepared = HTTPPreparedResponse(status: 200, headers: ["Content-Type": "application/json"], body: Self.body)
        let bytes = HTTPResponse(prepared: prepared).serialized()
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(text.contains("Content-Type: application/json\r\n"))
        #expect(text.hasSuffix("Content-Length: \(Self.body.count)\r\n\r\n" + #"{"status":"ok"}"#))
    }
}
