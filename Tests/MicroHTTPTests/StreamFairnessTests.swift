import Dispatch
import MicroHTTP
import MicroHTTPTestSupport
import Testing

/// Streams whose clients never read must not slow the others, and a reader that keeps up
/// is never cut off.
@Suite struct StreamFairnessTests {
    /// 50 clients with tiny socket buffers never read; the writer fans every event out to
    /// them and to one healthy reader. Writes never wait for a full socket: the healthy
    /// reader gets every event.
    @Test func stalledReadersDoNotDelayTheFanOut() throws {
        let streaming = StreamingServer()
        let configure = { (configuration: inout HTTPServerConfiguration) in configuration.maxStreamBacklog = 256 * 1024 }
        try withServer(configure: configure, handlers: streaming.handlers) { server in
            var stalled: [TestHTTPConnection] = []
            for _ in 0..<50 {
                let client = try TestHTTPConnection(port: server.port, receiveBuffer: 4_096)
                try client.sendRequest("GET", "/events")
                stalled.append(client)
            }
            _ = streaming.streams.wait(for: 50)
            // Small buffers on the server's side too, so that their sockets fill at once and
            // writes to them are taken in part.
            for client in stalled {
                #expect(shrinkServerSendBuffer(port: server.port, of: client))
            }
            let healthy = try TestHTTPConnection(port: server.port)
            try healthy.sendRequest("GET", "/events")
            _ = try healthy.readResponseHead()
            let streams = streaming.streams.wait(for: 51)
            #expect(streams.count == 51)
            let event = Array(String(repeating: "e", count: 8_191).utf8) + [10]
            let rounds = 200
            var received = 0
            var slowestRound = Duration.zero
            let started = ContinuousClock.now
            for round in 1...rounds {
                let roundStarted = ContinuousClock.now
                for stream in streams { stream.write(event) }
                slowestRound = max(slowestRound, ContinuousClock.now - roundStarted)
                while received < round * event.count, let piece = try healthy.readBodyPiece() { received += piece.count }
            }
            let fanOut = ContinuousClock.now - started
            #expect(received == rounds * event.count)
            #expect(fanOut < .seconds(20), "fan-out took \(fanOut), slowest round \(slowestRound)")
            print("stalled readers: 50, rounds: \(rounds), fan-out total \(fanOut), slowest round \(slowestRound)")
            // The kernel may still hold what they left unread (loopback send buffers grow to
            // megabytes); any stalled stream that ended was cut as too slow, nothing else.
            #expect(streaming.terminations.all.allSatisfy { $0 == .backlogExceeded })
            for stream in streams { stream.finish() }
        }
    }

    /// One write larger than the backlog limit does not cut off a reader that drains it.
    @Test func batchLargerThanTheBacklogLimitReachesAReaderThatDrains() throws {
        let streaming = StreamingServer()
        try withServer(configure: { $0.maxStreamBacklog = 16 * 1024 }, handlers: streaming.handlers) { server in
            let (client, stream) = try streaming.open(on: server)
            let batch = Array(repeating: UInt8(ascii: "b"), count: 200 * 1024)
            var expected: [UInt8] = []
            var received: [UInt8] = []
            for round in 0..<5 {
                #expect(stream.write(batch))
                let small = Array("small \(round)\n".utf8)
                #expect(stream.write(small))
                expected += batch + small
                while received.count < expected.count { received += try #require(try client.readBodyPiece()) }
            }
            stream.finish()
            received += try client.readBody()
            #expect(received == expected)
            #expect(streaming.terminations.wait(for: 1) == [.finished])
        }
    }

    /// A reader that stops for good is still cut off once what it left unread, besides the
    /// newest write, passes the limit.
    @Test func readerThatStopsIsCutOffPastTheLimit() throws {
        let streaming = StreamingServer()
        try withServer(configure: { $0.maxStreamBacklog = 16 * 1024 }, handlers: streaming.handlers) { server in
            let client = try TestHTTPConnection(port: server.port, receiveBuffer: 4_096)
            try client.sendRequest("GET", "/events")
            let stream = try #require(streaming.streams.wait(for: 1).first)
            let write = Array(repeating: UInt8(ascii: "w"), count: 4_096)
            var accepted = 0
            while accepted < 10_000, stream.write(write) { accepted += 1 }
            #expect(accepted < 10_000)
            #expect(streaming.terminations.wait(for: 1) == [.backlogExceeded])
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif
