import MicroHTTPTestSupport
import Testing

@testable import MicroHTTP

/// Request targets with too many query parameters or too many bytes: answered 414 and closed,
/// never dropped unanswered when libmicrohttpd's per-connection pool would run out.
@Suite struct RequestTargetLimitTests {
    private static func target(parameters: Int) -> String {
        "/q?" + (0..<parameters).map { "p\($0)=1" }.joined(separator: "&")
    }

    @Test(arguments: [HTTPServerConfiguration().maxQueryParameters + 1, 250, 1_000, 2_000])
    func tooManyQueryParametersAre414(parameters: Int) throws {
        try withServer(handlers: rejectingHandlers) { server in
            let client = try TestHTTPConnection(port: server.port, timeout: 5)
            let answer = try client.request("GET", Self.target(parameters: parameters))
            #expect(answer.status == 414)
            #expect(answer.text == "targetTooLong")
            #expect(client.waitForClose(timeout: 5))
        }
    }

    @Test func queryParametersUpToTheLimitAreServed() throws {
        try withServer(handlers: rejectingHandlers) { server in
            let parameters = HTTPServerConfiguration().maxQueryParameters
            let answer = try TestHTTPConnection(port: server.port).request("GET", Self.target(parameters: parameters))
            #expect(answer.status == 200)
            #expect(answer.lines.filter { $0.hasPrefix("query ") }.count == parameters)
        }
    }

    @Test func targetsPastTheirLengthAre414() throws {
        try withServer(handlers: rejectingHandlers) { server in
            let limit = HTTPServerConfiguration().maxTargetLength
            let fits = "/" + String(repeating: "a", count: limit - 1)
            #expect(try TestHTTPConnection(port: server.port).request("GET", fits).status == 200)
            let client = try TestHTTPConnection(port: server.port, timeout: 5)
            let answer = try client.request("GET", fits + "a")
            #expect(answer.status == 414)
            #expect(answer.text == "targetTooLong")
            #expect(client.waitForClose(timeout: 5))
        }
    }
}
