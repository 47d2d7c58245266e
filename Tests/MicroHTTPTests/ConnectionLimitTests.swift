import MicroHTTP
import MicroHTTPTestSupport
import Testing

@Suite struct ConnectionLimitTests {
    @Test func connectionsPastTheLimitWaitUntilOneCloses() throws {
        try withServer(
            configure: {
                $0.threads = 1; $0.connectionLimit = 2
            }, handlers: echoHandlers
        ) { server in
            let first = try TestHTTPConnection(port: server.port)
            let second = try TestHTTPConnection(port: server.port)
            #expect(try first.request("GET", "/").status == 200)
            #expect(try second.request("GET", "/").status == 200)
            #expect(server.openConnections == 2)
            // The kernel completes the handshake, but libmicrohttpd does not accept the
            // connection while at its limit: the request stays unanswered.
            let third = try TestHTTPConnection(port: server.port, timeout: 1)
            try third.sendRequest("GET", "/")
            #expect(throws: TestHTTPClientError.self) { try third.readResponse() }
            #expect(server.openConnections == 2)
            first.close()
            #expect(try third.readResponse().status == 200)
        }
    }

    @Test func addressInUseIsReported() throws {
        try withServer(handlers: echoHandlers) { server in
            let messages = Collected<String>()
            var configuration = HTTPServerConfiguration()
            configuration.port = server.port
            configuration.errorLog = { messages.append($0) }
            let second = HTTPServer(configuration: configuration, handlers: echoHandlers)
            #expect(throws: HTTPServerError.self) { try second.start() }
            #expect(messages.all.contains { $0.contains("Address already in use") })
        }
    }
}
