import MicroHTTP
import MicroHTTPTestSupport
import Testing

@Suite struct ConnectionTimeoutTests {
    @Test func idleConnectionsTimeOutButStreamsStayOpen() throws {
        let streaming = StreamingServer()
        let configure = { (configuration: inout HTTPServerConfiguration) in
            configuration.connectionTimeout = 1
            configuration.maxStreamBacklog = 64 << 20
        }
        try withServer(configure: configure, handlers: streaming.handlers) { server in
            let (streamClient, stream) = try streaming.open(on: server)
            // More than the socket buffers hold: the connection stays busy, not suspended,
            // while the client reads nothing for longer than the timeout.
            let line = Array((String(repeating: "x", count: 1_023) + "\n").utf8)
            for _ in 0..<16_384 { stream.write(line) }
            stream.write(Array("last\n".utf8))
            stream.finish()
            let idle = try TestHTTPConnection(port: server.port)
            #expect(idle.waitForClose(timeout: 10))
            usleep(500_000)
            var lines = 0
            var last = ""
            while let received = try streamClient.readBodyLine() {
                lines += 1
                last = received
            }
            #expect(lines == 16_385)
            #expect(last == "last")
            #expect(streaming.terminations.wait(for: 1) == [.finished])
        }
    }

    @Test func connectionTimesOutAgainOnceItsStreamEnded() throws {
        let streaming = StreamingServer()
        try withServer(configure: { $0.connectionTimeout = 1 }, handlers: streaming.handlers) { server in
            let (client, stream) = try streaming.open(on: server)
            stream.write(Array("only\n".utf8))
            stream.finish()
            #expect(try client.readBody() == Array("only\n".utf8))
            #expect(client.waitForClose(timeout: 10))
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif
