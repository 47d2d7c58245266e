import Dispatch
import MicroHTTP
import MicroHTTPTestSupport
import Testing

@Suite struct ShutdownTests {
    @Test func shutdownEndsStreamsAndCancelsDeferredResponsesWithoutAborting() throws {
        let streaming = StreamingServer()
        let deferring = DeferringHandler()
        let server = try startServer(
            handlers: HTTPServerHandlers { request in
                request.head.path == "/wait" ? deferring.deferReply() : streaming.handlers.request(request, ())
            })

        let streamClients = try (0..<3).map { _ in try TestHTTPConnection(port: server.port) }
        for client in streamClients {
            try client.sendRequest("GET", "/events")
            _ = try client.readResponseHead()
        }
        let waitingClient = try TestHTTPConnection(port: server.port)
        try waitingClient.sendRequest("GET", "/wait")
        let streams = streaming.streams.wait(for: 3)
        _ = deferring.pending.wait(for: 1)
        // One stream is busy with unsent bytes, the others are parked.
        streams[0].write(Array("last words\n".utf8))

        server.shutdown(grace: 1)

        #expect(streaming.terminations.all == [.serverShutdown, .serverShutdown, .serverShutdown])
        #expect(deferring.cancelled.all == [true])
        #expect(streams.allSatisfy { !$0.isActive })
        #expect(try streamClients[0].readBodyLine() == "last words")
        for client in streamClients { #expect((try? client.readBodyLine()) == nil) }
        #expect(waitingClient.waitForClose())
        #expect(throws: TestHTTPClientError.self) { try TestHTTPConnection(port: server.port, timeout: 1).request("GET", "/") }
    }

    @Test func shutdownLetsAnInFlightRequestFinish() throws {
        let started = Collected<Bool>()
        let handlers = HTTPServerHandlers { _ in
            started.append(true)
            usleep(300_000)
            return .response(HTTPResponse(status: 200, body: Array("finished".utf8)))
        }
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        let server = HTTPServer(configuration: configuration, handlers: handlers)
        try server.start()
        let client = try TestHTTPConnection(port: server.port)
        try client.sendRequest("GET", "/slow")
        _ = started.wait(for: 1)
        server.shutdown(grace: 5)
        #expect(try client.readResponse().text == "finished")
    }

    /// A client answered `Connection: close` by the drain reconnects at once and is refused
    /// before it sends: never accepted into the closing listener's backlog and then reset.
    @Test func aClientToldToCloseIsRefusedWhenItReconnects() throws {
        let server = try startServer(handlers: echoHandlers)
        let outcomes = Collected<String>()
        let clients = DispatchGroup()
        for _ in 0..<8 {
            onThread(in: clients) {
                do {
                    let connection = try TestHTTPConnection(port: server.port)
                    while try connection.request("GET", "/").header("Connection")?.lowercased() != "close" {}
                } catch {
                    return outcomes.append("kept-alive request failed: \(error)")
                }
                do {
                    let again = try TestHTTPConnection(port: server.port, timeout: 5)
                    outcomes.append((try? again.request("GET", "/")) == nil ? "reset after connecting" : "served again")
                } catch {
                    outcomes.append("refused")
                }
            }
        }
        usleep(200_000)
        server.stopAccepting()
        #expect(clients.wait(timeout: .now() + 20) == .success)
        server.shutdown(grace: 1)
        #expect(outcomes.all == Array(repeating: "refused", count: 8))
    }

    @Test func shutdownOfAServerThatNeverStartedReturns() {
        HTTPServer(configuration: HTTPServerConfiguration(), handlers: echoHandlers).shutdown()
    }
}

#if canImport(Glibc)
import Glibc
#endif
