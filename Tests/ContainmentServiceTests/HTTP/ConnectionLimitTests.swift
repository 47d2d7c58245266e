import MicroHTTPTestSupport
import Testing

@Suite struct ConnectionLimitTests {
    /// `--connection-timeout` reaches the server: an idle keep-alive connection is closed.
    @Test func idleConnectionIsClosedAfterTheTimeout() throws {
        let service = try TestService { $0.http.connectionTimeout = 1 }
        let connection = try TestHTTPConnection(port: service.port)
        defer { connection.close() }
        #expect(try connection.request("GET", "/healthz").status == 200)
        #expect(connection.waitForClose(timeout: 10))
    }

    /// `--max-connections` reaches the server: past the limit a connection is answered at once
    /// with a 503 problem and closed, and served again once another one closes.
    @Test func connectionsPastTheLimitGetA503ProblemAtOnce() throws {
        let service = try TestService { $0.http.connectionLimit = 2 }
        let first = try TestHTTPConnection(port: service.port)
        let second = try TestHTTPConnection(port: service.port)
        defer { second.close() }
        #expect(try first.request("GET", "/healthz").status == 200)
        #expect(try second.request("GET", "/healthz").status == 200)

        let third = try TestHTTPConnection(port: service.port, timeout: 5)
        let refused = try third.request("GET", "/healthz")
        #expect(refused.status == 503)
        #expect(refused.header("Content-Type") == "application/problem+json")
        #expect(refused.text.contains(#""code":"connection_limit""#))
        #expect(third.waitForClose(timeout: 5))

        first.close()
        var served = false
        for _ in 0..<100 where !served {
            served = (try? TestHTTPConnection(port: service.port).request("GET", "/healthz").status) == 200
            if !served { usleep(20_000) }
        }
        #expect(served)
    }

    /// A server whose open-file limit is below `--max-connections` lowers the limit to fit:
    /// connections past the descriptors it has are answered 503 (or closed) at once. Before,
    /// `accept` failed at the open-file limit and libmicrohttpd stopped accepting until a
    /// connection closed, so with every descriptor held by a stream the next client waited
    /// unanswered.
    @Test func connectionsPastTheOpenFileLimitAreAnsweredAtOnce() throws {
        let server = try ServerProcess(launcher: ["/usr/bin/prlimit", "--nofile=400:400", "--"])
        defer { server.killIfRunning() }
        let port = try server.waitForPort()
        // 400 descriptors less 256 reserved, 64 answered past the limit and 2 threads.
        let held = try (0..<78).map { _ in try TestHTTPConnection(port: port) }
        for connection in held { #expect(try connection.request("GET", "/healthz").status == 200) }
        let more = try (0..<330).map { _ in try TestHTTPConnection(port: port, timeout: 5) }
        var answered = 0
        for connection in more {
            let outcome = Result { try connection.request("GET", "/healthz") }
            if case .success(let response) = outcome { #expect(response.status == 503); answered += 1 }
            #expect(connection.waitForClose(timeout: 5))
        }
        #expect(answered > 0)
    }

    /// `--max-connections-per-client` reaches the server.
    @Test func perClientLimitReachesTheServer() throws {
        let service = try TestService { $0.http.connectionLimitPerClient = 2 }
        let held = try (0..<2).map { _ in try TestHTTPConnection(port: service.port) }
        for connection in held { #expect(try connection.request("GET", "/healthz").status == 200) }
        let third = try TestHTTPConnection(port: service.port, timeout: 5)
        #expect(third.waitForClose(timeout: 5))
    }
}

#if canImport(Glibc)
import Glibc
#endif
