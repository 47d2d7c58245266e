import MicroHTTP
import MicroHTTPTestSupport
import Testing

/// A server whose every request opens a stream that the test then drives.
struct StreamingServer {
    let streams = Collected<HTTPStream>()
    let terminations = Collected<HTTPStreamTermination>()

    var handlers: HTTPServerHandlers<Void> {
        HTTPServerHandlers { [streams, terminations] _ in
            let stream = HTTPStream()
            stream.onTermination { terminations.append($0) }
            streams.append(stream)
            return .response(HTTPResponse(status: 200, headers: ["Content-Type": "text/plain"], stream: stream))
        }
    }

    /// Opens one stream on `server` and hands back the client connection (its response head
    /// already read) with the server's side of the stream.
    func open(on server: HTTPServer) throws -> (connection: TestHTTPConnection, stream: HTTPStream) {
        let connection = try TestHTTPConnection(port: server.port)
        try connection.sendRequest("GET", "/events")
        _ = try connection.readResponseHead()
        return (connection, try #require(streams.wait(for: 1).first))
    }
}

@Suite struct StreamTests {
    @Test func writesArriveLive() throws {
        let streaming = StreamingServer()
        try withServer(handlers: streaming.handlers) { server in
            let connection = try TestHTTPConnection(port: server.port)
            try connection.sendRequest("GET", "/events")
            let head = try connection.readResponseHead()
            #expect(head.status == 200)
            #expect(head.header("Transfer-Encoding") == "chunked")
            let stream = try #require(streaming.streams.wait(for: 1).first)
            for index in 0..<5 {
                #expect(stream.write(Array("event \(index)\n".utf8)))
                #expect(try connection.readBodyLine() == "event \(index)")
            }
            stream.finish()
            #expect(!stream.isActive)
            #expect(!stream.write(Array("late\n".utf8)))
            #expect(try connection.readBodyLine() == nil)
            #expect(streaming.terminations.wait(for: 1) == [.finished])
            // The connection carries the next request.
            try connection.sendRequest("GET", "/events")
            #expect(try connection.readResponseHead().status == 200)
        }
    }

    /// Writes larger than what libmicrohttpd reads at once, and small ones between them, arrive
    /// byte for byte and in order (the stream keeps each written array and reads across them).
    @Test func writesOfEverySizeArriveWholeAndInOrder() throws {
        let streaming = StreamingServer()
        try withServer(handlers: streaming.handlers) { server in
            let (connection, stream) = try streaming.open(on: server)
            let writes = [1, 40_000, 3, 17_000, 0, 5, 70_000, 2].enumerated().map { index, size in
                (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) }
            }
            for bytes in writes { #expect(stream.write(bytes)) }
            stream.finish()
            #expect(try connection.readBody() == writes.flatMap { $0 })
        }
    }

    @Test func bytesWrittenBeforeTheResponseIsSentAreKept() throws {
        let handlers = HTTPServerHandlers { _ in
            let stream = HTTPStream()
            stream.write(Array("first\n".utf8))
            stream.write(Array("second\n".utf8))
            stream.finish()
            return .response(HTTPResponse(status: 200, stream: stream))
        }
        try withServer(handlers: handlers) { server in
            let response = try TestHTTPConnection(port: server.port).request("GET", "/")
            #expect(response.text == "first\nsecond\n")
        }
    }

    @Test func slowReaderIsDroppedWhenTheBacklogIsExceeded() throws {
        let streaming = StreamingServer()
        try withServer(configure: { $0.maxStreamBacklog = 64 * 1024 }, handlers: streaming.handlers) { server in
            let (connection, stream) = try streaming.open(on: server)
            // The client reads nothing: once the socket buffers are full, the backlog grows.
            let piece = [UInt8](repeating: UInt8(ascii: "x"), count: 16 * 1024)
            var writes = 0
            while stream.write(piece) && writes < 100_000 { writes += 1 }
            #expect(!stream.isActive)
            #expect(streaming.terminations.wait(for: 1) == [.backlogExceeded])
            // What was already in the socket buffers arrives, then the connection closes
            // (no final chunk: the response is cut short).
            #expect(connection.waitForClose(timeout: 10))
        }
    }

    @Test func clientThatLeftIsDetected() throws {
        let streaming = StreamingServer()
        try withServer(handlers: streaming.handlers) { server in
            let (connection, stream) = try streaming.open(on: server)
            connection.close()
            // A suspended connection notices nothing until it writes (hence heartbeats).
            var heartbeats = 0
            while streaming.terminations.all.isEmpty && heartbeats < 2_500 {
                stream.write(Array(": heartbeat\n".utf8))
                heartbeats += 1
                pauseBriefly()
            }
            #expect(streaming.terminations.all == [.clientGone])
            #expect(!stream.isActive)
        }
    }

    @Test func thousandConcurrentStreamsEachReceiveEveryWrite() throws {
        // Two descriptors per connection in this process, while other suites hold theirs.
        let openFileLimit = OpenFileLimit.raise()
        try #require(openFileLimit >= 4_096, "an open-file limit of \(openFileLimit) is too low for this test")
        let streaming = StreamingServer()
        try withServer(handlers: streaming.handlers) { server in
            let clients = try (0..<1_000).map { index in try step("connecting client \(index)") { try TestHTTPConnection(port: server.port) } }
            for client in clients { try client.sendRequest("GET", "/events") }
            for (index, client) in clients.enumerated() {
                #expect(try step("client \(index)'s response head (\(server.openConnections) open)") { try client.readResponseHead() }.status == 200)
            }
            let streams = streaming.streams.wait(for: 1_000)
            #expect(streams.count == 1_000)
            #expect(server.openConnections == 1_000)
            for index in 0..<3 {
                for stream in streams { stream.write(Array("event \(index)\n".utf8)) }
            }
            streams.forEach { $0.finish() }
            // What each client that missed a write received instead, and how many did.
            var incomplete: [[String]: Int] = [:]
            for (index, client) in clients.enumerated() {
                var lines: [String] = []
                while let line = try step("client \(index)'s body after \(lines)", { try client.readBodyLine() }) { lines.append(line) }
                if lines != ["event 0", "event 1", "event 2"] { incomplete[lines, default: 0] += 1 }
            }
            #expect(incomplete.isEmpty)
            // Bounded like the clients' reads: on a loaded machine the last completions lag.
            let terminations = streaming.terminations.wait(for: 1_000, seconds: 30)
            #expect(terminations.count == 1_000)
            #expect(terminations.filter { $0 != .finished }.isEmpty)
        }
    }
}
