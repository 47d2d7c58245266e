import MicroHTTP
import MicroHTTPTestSupport
import Testing

@Suite struct ConnectionLimitTests {
    @Test func connectionsPastTheLimitAreNotServed() throws {
        try withServer(configure: { $0.threads = 1; $0.connectionLimit = 2 }, handlers: echoHandlers) { server in
            let first = try TestHTTPConnection(port: server.port)
            let second = try TestHTTPConnection(port: server.port)
            #expect(try first.request("GET", "/").status == 200)
            #expect(try second.request("GET", "/").status == 200)
            #expect(server.openConnections == 2)
            let third = try TestHTTPConnection(port: server.port, timeout: 1)
            #expect(throws: TestHTTPClientError.self) { try third.request("GET", "/") }
            #expect(server.openConnections == 2)
        }
    }

    @Test func addressInUseIsReported() throws {
        try withServer(handlers: echoHandlers) { server in
            var configuration = HTTPServerConfiguration()
            configuration.port = server.port
            let second = HTTPServer(configuration: configuration, handlers: echoHandlers)
            #expect(throws: HTTPServerError.self) { try second.start() }
        }
    }
}
