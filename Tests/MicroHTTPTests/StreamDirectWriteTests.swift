import Dispatch
import MicroHTTP
import MicroHTTPTestSupport
import Testing

/// Writes to a parked HTTP/1.1 stream go to its socket as whole chunks from the writer's
/// thread; everything else keeps going through libmicrohttpd.
@Suite struct StreamDirectWriteTests {
    /// Bytes for write `index`: sizes and contents differ so that a lost, repeated or
    /// reordered write shows.
    private static func event(_ index: Int) -> [UInt8] {
        Array("id: \(index)\ndata: ".utf8) + (0..<(index * 37 % 3_000)).map { UInt8(ascii: "a") + UInt8($0 % 26) }
            + Array("\n\n".utf8)
    }

    /// The server's only thread is busy in a handler, yet a parked stream's writes arrive:
    /// they did not need libmicrohttpd. They arrive in order, in valid chunks.
    @Test func parkedStreamWritesArriveWhileTheServerThreadIsBusy() throws {
        let streaming = StreamingServer()
        let handlerStarted = Collected<Bool>()
        let gate = DispatchSemaphore(value: 0)
        let handlers = HTTPServerHandlers { request in
            guard request.head.path == "/busy" else { return streaming.handlers.request(request, ()) }
            handlerStarted.append(true)
            gate.wait()
            return .response(HTTPResponse(status: 200, body: Array("done".utf8)))
        }
        try withServer(configure: { $0.threads = 1 }, handlers: handlers) { server in
            let subscriber = try TestHTTPConnection(port: server.port)
            try subscriber.sendRequest("GET", "/events")
            #expect(try subscriber.readResponseHead().header("Transfer-Encoding") == "chunked")
            let stream = try #require(streaming.streams.wait(for: 1).first)
            // The stream parked right after its head was sent, on the thread that now blocks.
            let busy = try TestHTTPConnection(port: server.port)
            try busy.sendRequest("GET", "/busy")
            _ = handlerStarted.wait(for: 1)
            // Also on failure, so that the server's thread is free to shut down.
            defer { gate.signal() }
            var received: [UInt8] = []
            for index in 0..<50 {
                let bytes = Self.event(index)
                #expect(stream.write(bytes))
                while received.count < (0...index).reduce(0, { $0 + Self.event($1).count }) {
                    received += try #require(try subscriber.readBodyPiece())
                }
            }
            #expect(received == (0..<50).flatMap(Self.event))
            gate.signal()
            #expect(try busy.readResponse().text == "done")
            stream.finish()
            #expect(try subscriber.readBody().isEmpty)
            #expect(streaming.terminations.wait(for: 1) == [.finished])
        }
    }

    /// The same writes reach an HTTP/1.1 client (chunked, written directly), an HTTP/1.1
    /// client that asked to close (libmicrohttpd's framing decides) and an HTTP/1.0 client
    /// (no chunks: the body ends with the connection) byte for byte alike.
    @Test func everyHTTPVersionReceivesTheSameBytes() throws {
        let streaming = StreamingServer()
        try withServer(handlers: streaming.handlers) { server in
            let requests = [
                "GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
                "GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
                "GET /events HTTP/1.0\r\n\r\n",
            ]
            var clients: [TestHTTPConnection] = []
            for request in requests {
                let client = try TestHTTPConnection(port: server.port)
                try client.send(request)
                clients.append(client)
            }
            let heads = try clients.map { try $0.readResponseHead() }
            #expect(heads.allSatisfy { $0.status == 200 })
            #expect(heads[0].header("Transfer-Encoding") == "chunked")
            #expect(heads[2].header("Transfer-Encoding") == nil)
            let streams = streaming.streams.wait(for: 3)
            var received = [[UInt8]](repeating: [], count: clients.count)
            var expected: [UInt8] = []
            for index in 0..<200 {
                let bytes = Self.event(index)
                expected += bytes
                for stream in streams { #expect(stream.write(bytes)) }
                // Every 20 writes the clients catch up and the streams park again, so writes
                // meet both parked streams and streams still sending.
                guard index % 20 == 0 else { continue }
                for (client, connection) in clients.enumerated() {
                    while received[client].count < expected.count {
                        received[client] += try #require(try connection.readBodyPiece())
                    }
                }
            }
            for stream in streams { stream.finish() }
            for (client, connection) in clients.enumerated() { received[client] += try connection.readBody() }
            #expect(received.allSatisfy { $0 == expected })
        }
    }

    /// A client that stops reading: chunks go directly while its socket has room, then the
    /// backlog grows in libmicrohttpd's path until the stream is cut off. What the client
    /// then reads is a prefix of what was written, in valid chunks (the test client rejects
    /// broken framing), and the connection closes.
    @Test func stalledReaderIsCutOffWithoutCorruptingTheStream() throws {
        let streaming = StreamingServer()
        try withServer(configure: { $0.maxStreamBacklog = 64 * 1024 }, handlers: streaming.handlers) { server in
            let (connection, stream) = try streaming.open(on: server)
            var written: [UInt8] = []
            var index = 0
            while index < 100_000 {
                let bytes = Self.event(index)
                guard stream.write(bytes) else { break }
                written += bytes
                index += 1
            }
            #expect(!stream.isActive)
            #expect(streaming.terminations.wait(for: 1) == [.backlogExceeded])
            var received: [UInt8] = []
            do throws(TestHTTPClientError) {
                while let piece = try connection.readBodyPiece() { received += piece }
                Issue.record("a cut-off body has no last chunk")
            } catch {
                // Closed without the last chunk: cut off, not a framing error.
                #expect(error.description == "the server closed the connection")
            }
            #expect(!received.isEmpty)
            #expect(received.count <= written.count)
            #expect(received[...] == written.prefix(received.count))
        }
    }

    /// Shutdown while writers are busy with parked streams: every client still gets a valid
    /// chunked body (the shutdown waits for a direct write under way, then libmicrohttpd ends
    /// the body) holding whole writes in order.
    @Test func shutdownDuringDirectWritesEndsEveryBodyCleanly() throws {
        let streaming = StreamingServer()
        let server = try startServer(handlers: streaming.handlers)
        let clients = try (0..<20).map { _ in try TestHTTPConnection(port: server.port) }
        for client in clients {
            try client.sendRequest("GET", "/events")
            _ = try client.readResponseHead()
        }
        let streams = streaming.streams.wait(for: clients.count)
        let writesStarted = DispatchSemaphore(value: 0)
        let writers = DispatchGroup()
        let accepted = Collected<[Int]>()
        let events = (0..<1_000).map(Self.event)
        // Threads of their own: the test process's dispatch pool is shared with every suite
        // running beside this one and may not start twenty blocking readers within the grace.
        onThread(in: writers) {
            var counts = [Int](repeating: 0, count: streams.count)
            for (index, event) in events.enumerated() {
                if index == 10 { writesStarted.signal() }
                for (number, stream) in streams.enumerated() where stream.write(event) {
                    counts[number] = index + 1
                }
            }
            accepted.append(counts)
        }
        // Clients read concurrently, so most writes find their stream parked.
        let bodies = Collected<(Int, Result<[UInt8], TestHTTPClientError>)>()
        for (number, client) in clients.enumerated() {
            // Each client is read by this one thread only.
            nonisolated(unsafe) let client = client
            onThread(in: writers) {
                bodies.append((number, Result { () throws(TestHTTPClientError) in try client.readBody() }))
            }
        }
        writesStarted.wait()
        server.shutdown(grace: 5)
        writers.wait()
        let counts = try #require(accepted.all.first)
        #expect(streaming.terminations.all.count == clients.count)
        #expect(streaming.terminations.all.allSatisfy { $0 == .serverShutdown })
        for (number, body) in bodies.all {
            let received = try body.get()
            // Every write the stream accepted, nothing else: writes made after shutdown began
            // were refused.
            #expect(received == events[..<counts[number]].flatMap { $0 })
        }
    }
}
