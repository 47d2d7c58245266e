import MicroHTTP
import MicroHTTPTestSupport
import Testing

/// Streams sharing a wake window are resumed a few at a time; what they receive must not
/// change: every write, in order, and every ending.
@Suite struct StreamWakeWindowTests {
    /// Opens `count` streams through `streaming`, each with its client past the response head.
    private func openStreams(
        _ count: Int, on server: HTTPServer, _ streaming: StreamingServer
    ) throws -> ([TestHTTPConnection], [HTTPStream]) {
        let clients = try (0..<count).map { _ in try TestHTTPConnection(port: server.port) }
        for client in clients { try client.sendRequest("GET", "/events") }
        for client in clients { #expect(try client.readResponseHead().status == 200) }
        let streams = streaming.streams.wait(for: count)
        try #require(streams.count == count)
        return (clients, streams)
    }

    @Test func everyStreamGetsEveryWriteInOrderThroughAWindowOfOne() throws {
        var streaming = StreamingServer()
        let window = HTTPStreamWakeWindow(size: 1)
        streaming.wakeWindow = window
        try withServer(handlers: streaming.handlers) { server in
            let (clients, streams) = try openStreams(60, on: server, streaming)
            for round in 0..<20 {
                for stream in streams { #expect(stream.write(Array("round \(round)\n".utf8))) }
            }
            for stream in streams { stream.finish() }
            for client in clients {
                var lines: [String] = []
                while let line = try client.readBodyLine() { lines.append(line) }
                #expect(lines == (0..<20).map { "round \($0)" })
            }
            #expect(streaming.terminations.wait(for: 60).allSatisfy { $0 == .finished })
            #expect(window.awake == 0)
        }
    }

    @Test func departedClientsDoNotHoldTheWindow() throws {
        var streaming = StreamingServer()
        let window = HTTPStreamWakeWindow(size: 2)
        streaming.wakeWindow = window
        try withServer(handlers: streaming.handlers) { server in
            let (clients, streams) = try openStreams(20, on: server, streaming)
            for client in clients.prefix(10) { client.close() }
            // Written until the departed streams have noticed (a write to a closed socket fails).
            var round = 0
            while streaming.terminations.wait(for: 10, seconds: 0.05).count < 10 && round < 200 {
                for stream in streams { stream.write(Array("round \(round)\n".utf8)) }
                round += 1
            }
            #expect(streaming.terminations.wait(for: 10).allSatisfy { $0 == .clientGone })
            // Which stream belongs to which client is not known (two pool threads): finish all;
            // for the ten that ended already it is a no-op.
            for stream in streams { stream.finish() }
            for client in clients.suffix(10) {
                var lines = 0
                while let line = try client.readBodyLine() {
                    #expect(line == "round \(lines)")
                    lines += 1
                }
                #expect(lines == round)
            }
            #expect(window.awake == 0)
        }
    }

    /// Streams still waiting for the window when shutdown begins are resumed by shutdown:
    /// they end, and libmicrohttpd is not stopped with a suspended connection (it would abort).
    @Test func shutdownEndsStreamsWaitingInTheWindow() throws {
        var streaming = StreamingServer()
        streaming.wakeWindow = HTTPStreamWakeWindow(size: 1)
        let server = try startServer(handlers: streaming.handlers)
        let (clients, streams) = try openStreams(40, on: server, streaming)
        for stream in streams {
            stream.write(Array("last\n".utf8))
            stream.finish()
        }
        server.shutdown(grace: 2)
        let terminations = streaming.terminations.wait(for: 40)
        #expect(terminations.count == 40)
        #expect(terminations.allSatisfy { $0 == .finished || $0 == .serverShutdown })
        for client in clients {
            #expect(try client.readBodyLine() == "last")
        }
    }
}
