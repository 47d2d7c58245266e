import MicroHTTP
import MicroHTTPTestSupport
import Testing

/// The in-process client hands the handlers what the server would: the same path, decoded
/// query and fields for each target, and the same fields and body back.
@Suite struct InProcessClientTests {
    @Test(arguments: [
        "/plain", "/a%20b/c?x=1&y=two+words&z=%7E%41", "/q?flag&empty=&=v&x=%zz", "/trailing?", "http://localhost:8080/absolute?k=v", "*",
    ])
    func targetsReachTheHandlersAsTheServerReadsThem(target: String) throws {
        let inProcess = InProcessHTTPClient(handlers: echoHandlers, maxBodySize: 1 << 20)
        try withServer(handlers: echoHandlers) { server in
            let headers = [("X-Probe", "p")]
            let live = try TestHTTPConnection(port: server.port).request("POST", target, headers: headers, body: Array("hi".utf8))
            let local = try inProcess.request("POST", target, headers: headers, body: Array("hi".utf8))
            #expect(local.status == live.status)
            #expect(local.text == live.text)
            #expect(Self.fields(local) == Self.fields(live))
        }
    }

    @Test func aBodyOverTheLimitGetsTheHandlersAnswerAndClosesTheConnection() throws {
        var handlers = echoHandlers
        handlers.bodyTooLarge = { _ in HTTPResponse(status: 413) }
        let answer = try InProcessHTTPClient(handlers: handlers, maxBodySize: 4).request("POST", "/big", body: Array("too big".utf8))
        #expect(answer.status == 413)
        #expect(answer.header("Connection") == "close")
    }

    /// Sorted, without `Date`, which libmicrohttpd adds from the clock.
    private static func fields(_ response: TestHTTPResponse) -> [String] {
        response.headers.filter { $0.name.lowercased() != "date" }.map { "\($0.name.lowercased()): \($0.value)" }.sorted()
    }
}
