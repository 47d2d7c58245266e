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

    /// `--max-connections` reaches the server: past the limit a connection is not served
    /// until another one closes.
    @Test func connectionsPastTheLimitWaitForAFreeSlot() throws {
        let service = try TestService { $0.http.connectionLimit = 2 }
        let first = try TestHTTPConnection(port: service.port)
        let second = try TestHTTPConnection(port: service.port)
        defer { second.close() }
        #expect(try first.request("GET", "/healthz").status == 200)
        #expect(try second.request("GET", "/healthz").status == 200)

        let third = try TestHTTPConnection(port: service.port, timeout: 1)
        #expect((try? third.request("GET", "/healthz")) == nil, "not served while two connections are open")
        third.close()

        first.close()
        let fourth = try TestHTTPConnection(port: service.port)
        defer { fourth.close() }
        #expect(try fourth.request("GET", "/healthz").status == 200)
    }
}
