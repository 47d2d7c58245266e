import MicroHTTPTestSupport
import Testing

@testable import MicroHTTP

/// Requests the server refuses before any handler sees them: ambiguous framing (request
/// smuggling behind a proxy) and a `Host` it does not answer for (DNS rebinding).
@Suite struct RequestScreeningTests {
    @Test(arguments: [
        "Content-Length: 2\r\nContent-Length: 3\r\n",
        "Content-Length: 2, 3\r\n",
        "Content-Length: 2\r\nTransfer-Encoding: chunked\r\n",
        "Transfer-Encoding: gzip\r\n",
        "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n",
    ])
    func ambiguousFramingIsRefusedAndTheConnectionClosed(framing: String) throws {
        try withServer(handlers: rejectingHandlers) { server in
            let client = try TestHTTPConnection(port: server.port)
            // A second request hides in the body as a proxy might read it.
            try client.send("POST /a HTTP/1.1\r\nHost: localhost\r\n\(framing)\r\nhi\r\n0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: localhost\r\n\r\n")
            let answer = try client.readResponse()
            #expect(answer.status == 400)
            #expect(answer.text == "ambiguousFraming" || answer.text.contains("Content-Length"))
            #expect(client.waitForClose(timeout: 5))
        }
    }

    @Test func repeatedEqualContentLengthIsAccepted() throws {
        try withServer(handlers: rejectingHandlers) { server in
            let client = try TestHTTPConnection(port: server.port)
            try client.send("POST /a HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\nhi")
            #expect(try client.readResponse().lines.last == "body: hi")
        }
    }

    @Test(arguments: ["localhost", "127.0.0.1", "LOCALHOST", "[::1]"])
    func loopbackNamesAreAnsweredWithOrWithoutPort(host: String) throws {
        try withServer(handlers: rejectingHandlers) { server in
            for value in [host, "\(host):\(server.port)"] {
                let answer = try TestHTTPConnection(port: server.port).rawRequest(host: value)
                #expect(answer.status == 200, "Host: \(value)")
            }
        }
    }

    @Test(arguments: ["evil.example", "evil.example:8080", "localhost.evil.example", "127.0.0.1.nip.io"])
    func otherHostsGet421OnALoopbackServer(host: String) throws {
        try withServer(handlers: rejectingHandlers) { server in
            let client = try TestHTTPConnection(port: server.port)
            let answer = try client.rawRequest(host: host)
            #expect(answer.status == 421)
            #expect(answer.text == "hostNotAllowed")
            #expect(client.waitForClose(timeout: 5))
        }
    }

    /// RFC 9112 §3.2: two `Host` lines, or none on HTTP/1.1, are a 400 whatever hosts are
    /// allowed (a 421 would tell the client to retry elsewhere).
    @Test(arguments: [["localhost"], ["*"]])
    func twoHostsAreABadRequest(allowedHosts: [String]) throws {
        try withServer(configure: { $0.allowedHosts = allowedHosts }, handlers: rejectingHandlers) { server in
            for hosts in ["Host: localhost\r\nHost: evil.example\r\n", "Host: localhost\r\nHost: localhost\r\n"] {
                let client = try TestHTTPConnection(port: server.port)
                try client.send("GET / HTTP/1.1\r\n\(hosts)\r\n")
                let answer = try client.readResponse()
                #expect(answer.status == 400)
                #expect(answer.text == "invalidHost")
                #expect(client.waitForClose(timeout: 5))
            }
        }
    }

    @Test(arguments: [["localhost"], ["*"]])
    func missingHostIsABadRequestOnHTTP11AndAcceptedOnHTTP10(allowedHosts: [String]) throws {
        try withServer(configure: { $0.allowedHosts = allowedHosts }, handlers: rejectingHandlers) { server in
            let modern = try TestHTTPConnection(port: server.port)
            try modern.send("GET / HTTP/1.1\r\n\r\n")
            #expect(try modern.readResponse().status == 400)
            let old = try TestHTTPConnection(port: server.port)
            try old.send("GET / HTTP/1.0\r\n\r\n")
            #expect(try old.readResponse().status == 200)
        }
    }

    /// RFC 9112 §3.2.2: an origin server accepts the absolute form (what a client configured
    /// with a proxy sends), routes its path, and takes the host from it, not from `Host`.
    @Test func absoluteFormIsRoutedByItsPathAndCheckedByItsHost() throws {
        try withServer(handlers: rejectingHandlers) { server in
            let client = try TestHTTPConnection(port: server.port)
            try client.send("GET http://localhost:\(server.port)/a/b?x=1 HTTP/1.1\r\nHost: localhost:\(server.port)\r\n\r\n")
            let answer = try client.readResponse()
            #expect(answer.status == 200)
            #expect(answer.lines.prefix(3) == ["method: GET", "path: /a/b", "query x: 1"])
            for (target, host, status) in [
                ("HTTP://127.0.0.1", "evil.example", 200), ("https://localhost?y", "localhost", 200),
                ("http://evil.example/", "localhost", 421), ("http:///", "localhost", 400),
            ] {
                let other = try TestHTTPConnection(port: server.port)
                try other.send("GET \(target) HTTP/1.1\r\nHost: \(host)\r\n\r\n")
                let reply = try other.readResponse()
                #expect(reply.status == status, "\(target) with Host: \(host)")
                if status == 200 { #expect(reply.lines[1] == "path: /", "\(target)") }
            }
        }
    }

    /// Configured hosts are answered besides the loopback names, which local health checks use.
    @Test func configuredHostsAreAnsweredBesidesTheLoopbackNames() throws {
        let status = { (server: HTTPServer, host: String) throws -> Int in
            try TestHTTPConnection(port: server.port).rawRequest(host: host).status
        }
        let named = try withServer(configure: { $0.allowedHosts = ["api.example"] }, handlers: rejectingHandlers) { server in
            try [status(server, "API.example:443"), status(server, "localhost"), status(server, "other.example")]
        }
        #expect(named == [200, 200, 421])
        let any = try withServer(configure: { $0.allowedHosts = ["*"] }, handlers: rejectingHandlers) { server in
            try status(server, "any.example")
        }
        #expect(any == 200)
    }

    /// Bound to a non-loopback address, any host is answered unless configured; the
    /// per-client limit then defaults to 1,024.
    @Test func defaultsDependOnTheBoundAddress() {
        var configuration = HTTPServerConfiguration()
        configuration.host = "0.0.0.0"
        #expect(configuration.resolvedAllowedHosts == nil)
        #expect(configuration.resolvedConnectionLimitPerClient == 1_024)
        configuration.host = "::1"
        #expect(configuration.resolvedAllowedHosts?.allows("[::1]:8080") == true)
        #expect(configuration.resolvedConnectionLimitPerClient == 0)
    }

    /// Every response says nosniff: handler answers, rejections and streams alike.
    @Test func everyResponseCarriesNoSniff() throws {
        let streaming = StreamingServer()
        try withServer(handlers: rejectingHandlers) { server in
            let plain = try TestHTTPConnection(port: server.port).request("GET", "/")
            let rejected = try TestHTTPConnection(port: server.port).rawRequest(host: "evil.example")
            for answer in [plain, rejected] { #expect(answer.header("X-Content-Type-Options") == "nosniff") }
        }
        try withServer(handlers: streaming.handlers) { server in
            let client = try TestHTTPConnection(port: server.port)
            try client.sendRequest("GET", "/events")
            #expect(try client.readResponseHead().header("X-Content-Type-Options") == "nosniff")
            streaming.streams.wait(for: 1).first?.finish()
        }
    }
}

extension TestHTTPConnection {
    /// A GET with exactly this `Host` (`sendRequest` adds its own).
    func rawRequest(host: String) throws -> TestHTTPResponse {
        try send("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n")
        return try readResponse()
    }
}
