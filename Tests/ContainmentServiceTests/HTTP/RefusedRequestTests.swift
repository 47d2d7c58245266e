import Dispatch
import MicroHTTPTestSupport
import Testing

/// Requests the HTTP layer refuses before routing get RFC 9457 problems too, with nosniff.
@Suite struct RefusedRequestTests {
    @Test func ambiguousFramingGetsA400ProblemAndTheConnectionCloses() throws {
        let service = try TestService()
        let connection = try TestHTTPConnection(port: service.port)
        try connection.send(
            "POST /v1/trees HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 2\r\n"
                + "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\nDELETE /v1/trees/x HTTP/1.1\r\nHost: localhost\r\n\r\n")
        let answer = try connection.readResponse()
        #expect(answer.status == 400)
        #expect(answer.header("Content-Type") == "application/problem+json")
        #expect(answer.text.contains(#""code":"ambiguous_framing""#))
        #expect(answer.header("X-Content-Type-Options") == "nosniff")
        #expect(connection.waitForClose(timeout: 5))
    }

    /// DNS rebinding: a page of another site reaches the loopback server under its own name.
    @Test func foreignHostGetsA421Problem() throws {
        let service = try TestService()
        let connection = try TestHTTPConnection(port: service.port)
        try connection.send("GET /v1/trees HTTP/1.1\r\nHost: rebind.example:\(service.port)\r\n\r\n")
        let answer = try connection.readResponse()
        #expect(answer.status == 421)
        #expect(answer.text.contains(#""code":"host_not_allowed""#))
        #expect(answer.header("X-Content-Type-Options") == "nosniff")
        let allowed = try TestHTTPConnection(port: service.port)
        try allowed.send("GET /v1/trees HTTP/1.1\r\nHost: localhost:\(service.port)\r\n\r\n")
        #expect(try allowed.readResponse().status == 200)
    }

    /// RFC 9112 §3.2: a request without `Host` (HTTP/1.1) or with two is malformed, a 400,
    /// not a host the server refuses.
    @Test(arguments: ["", "Host: localhost\r\nHost: localhost\r\n"])
    func missingOrRepeatedHostGetsA400Problem(hosts: String) throws {
        let service = try TestService()
        let connection = try TestHTTPConnection(port: service.port)
        try connection.send("GET /v1/trees HTTP/1.1\r\n\(hosts)\r\n")
        let answer = try connection.readResponse()
        #expect(answer.status == 400)
        #expect(answer.text.contains(#""code":"invalid_host""#))
        #expect(connection.waitForClose(timeout: 5))
    }

    /// RFC 9112 §3.2.2: what a client behind `http_proxy` sends reaches the route.
    @Test func absoluteFormReachesTheRoute() throws {
        let service = try TestService()
        let connection = try TestHTTPConnection(port: service.port)
        try connection.send("GET http://127.0.0.1:\(service.port)/healthz HTTP/1.1\r\nHost: 127.0.0.1:\(service.port)\r\n\r\n")
        let answer = try connection.readResponse()
        #expect(answer.status == 200)
        #expect(answer.text == #"{"status":"ok"}"#)
    }

    @Test func allowedHostsReachTheServer() throws {
        let service = try TestService { $0.http.allowedHosts = ["containment.internal"] }
        let connection = try TestHTTPConnection(port: service.port)
        try connection.send("GET /healthz HTTP/1.1\r\nHost: containment.internal\r\n\r\n")
        #expect(try connection.readResponse().status == 200)
        #expect(try service.request("GET", "/healthz").status == 200)
        let foreign = try TestHTTPConnection(port: service.port)
        try foreign.send("GET /healthz HTTP/1.1\r\nHost: other.example\r\n\r\n")
        #expect(try foreign.readResponse().status == 421)
    }

    /// An upload still incomplete when shutdown begins is answered 503 (a problem) instead
    /// of being closed silently.
    @Test func halfSentUploadGetsA503ProblemAtShutdown() throws {
        var service: TestService? = try TestService()
        let connection = try TestHTTPConnection(port: service!.port)
        try connection.send(
            "POST /v1/trees HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"id\":")
        usleep(100_000)
        let done = DispatchSemaphore(value: 0)
        let stopping = service
        service = nil
        DispatchQueue.global().async {
            stopping?.service.shutdown()
            done.signal()
        }
        let answer = try connection.readResponse(forMethod: "POST")
        #expect(answer.status == 503)
        #expect(answer.text.contains(#""code":"shutting_down""#))
        #expect(answer.header("X-Content-Type-Options") == "nosniff")
        #expect(done.wait(timeout: .now() + 30) == .success)
    }
}

#if canImport(Glibc)
import Glibc
#endif
