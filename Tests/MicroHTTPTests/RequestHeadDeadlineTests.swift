import Dispatch
import MicroHTTP
import MicroHTTPTestSupport
import Testing

@Suite struct RequestHeadDeadlineTests {
    /// Slow-loris clients send a header byte every 200 ms, which resets the idle timeout each
    /// time: the head deadline closes them all the same, while other clients are served.
    @Test func tricklingHeadsAreClosedAtTheirDeadline() throws {
        try withServer(
            configure: {
                $0.requestHeadTimeout = 1; $0.connectionTimeout = 60
            }, handlers: echoHandlers
        ) { server in
            let clients = try (0..<3).map { _ in try TestHTTPConnection(port: server.port) }
            for client in clients { try client.send("GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ") }
            let started = ContinuousClock.now
            var closed = Set<Int>()
            // Bounded: 100 rounds of 200 ms at most (20 s), far past the 1 s deadline.
            for _ in 0..<100 where closed.count < clients.count {
                for (index, client) in clients.enumerated() where !closed.contains(index) {
                    do { try client.send("a") } catch { closed.insert(index) }
                }
                #expect(try TestHTTPConnection(port: server.port).request("GET", "/").status == 200)
                usleep(200_000)
            }
            #expect(closed.count == clients.count)
            #expect(ContinuousClock.now - started < .seconds(15))
        }
    }

    /// A kept-alive connection's next head is due within the deadline too.
    @Test func keptAliveConnectionMustSendItsNextHeadInTime() throws {
        try withServer(
            configure: {
                $0.requestHeadTimeout = 1; $0.connectionTimeout = 60
            }, handlers: echoHandlers
        ) { server in
            let client = try TestHTTPConnection(port: server.port)
            #expect(try client.request("GET", "/").status == 200)
            try client.send("GET / HTTP/1.1\r\nHost: local")
            #expect(client.waitForClose(timeout: 10))
        }
    }

    /// A head that arrives in time is answered, and a slow body is not cut by the head deadline.
    @Test func headInTimeThenSlowBodyIsAnswered() throws {
        try withServer(configure: { $0.requestHeadTimeout = 1 }, handlers: echoHandlers) { server in
            let client = try TestHTTPConnection(port: server.port)
            try client.send("POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 4\r\n\r\n")
            for byte in "body" {
                usleep(500_000)
                try client.send(String(byte))
            }
            #expect(try client.readResponse().lines.last == "body: body")
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif
