import MicroHTTPTestSupport
import Testing

@testable import MicroHTTP

@Suite struct ConnectionLimitTests {
    /// At the limit a new client is answered at once (503, connection closed) instead of
    /// waiting in the listen backlog; once a connection closes, new ones are served again.
    @Test func connectionsPastTheLimitAreAnsweredAtOnce() throws {
        try withServer(
            configure: {
                $0.threads = 1; $0.connectionLimit = 2
            }, handlers: echoHandlers
        ) { server in
            let first = try TestHTTPConnection(port: server.port)
            let second = try TestHTTPConnection(port: server.port)
            #expect(try first.request("GET", "/").status == 200)
            #expect(try second.request("GET", "/").status == 200)
            for _ in 0..<5 {
                let late = try TestHTTPConnection(port: server.port, timeout: 5)
                let answer = try late.request("GET", "/")
                #expect(answer.status == 503)
                #expect(answer.header("Connection") == "close")
                #expect(late.waitForClose(timeout: 5))
            }
            first.close()
            #expect(waitUntil { server.openConnections < 2 })
            #expect(try TestHTTPConnection(port: server.port).request("GET", "/").status == 200)
        }
    }

    /// Past the connections still answered 503, a new one is closed at once, unanswered.
    @Test func connectionsFarPastTheLimitAreClosedAtOnce() throws {
        try withServer(
            configure: {
                $0.threads = 1; $0.connectionLimit = 1
            }, handlers: echoHandlers
        ) { server in
            // Held open without sending anything: each holds a slot until its head deadline.
            let held = try (0..<(1 + HTTPServer.connectionLimitAnswers)).map { _ in try TestHTTPConnection(port: server.port) }
            #expect(waitUntil { server.openConnections == held.count })
            let refused = try TestHTTPConnection(port: server.port, timeout: 5)
            #expect(refused.waitForClose(timeout: 5))
            #expect(server.openConnections == held.count)
        }
    }

    /// One client address may hold only `connectionLimitPerClient` connections: the next is
    /// closed at once; once one of its connections closes, it connects again.
    @Test func oneClientCannotTakeEverySlot() throws {
        try withServer(configure: { $0.connectionLimitPerClient = 4 }, handlers: echoHandlers) { server in
            let held = try (0..<4).map { _ in try TestHTTPConnection(port: server.port) }
            for connection in held { #expect(try connection.request("GET", "/").status == 200) }
            let fifth = try TestHTTPConnection(port: server.port, timeout: 5)
            #expect(fifth.waitForClose(timeout: 5))
            held[0].close()
            #expect(waitUntil { server.openConnections <= 3 })
            #expect(try TestHTTPConnection(port: server.port).request("GET", "/").status == 200)
        }
    }

    /// The connection limit leaves the reserved descriptors, the answered connections past the
    /// limit and one per thread free under the open-file limit, and is never below one.
    @Test func theConnectionLimitFitsTheOpenFileLimit() {
        var configuration = HTTPServerConfiguration()
        configuration.threads = 2
        #expect(configuration.effectiveConnectionLimit(openFileLimit: 1_048_576) == 16_384)
        #expect(configuration.effectiveConnectionLimit(openFileLimit: 1_024) == 1_024 - 256 - 64 - 2)
        #expect(configuration.effectiveConnectionLimit(openFileLimit: 100) == 1)
        configuration.reservedFileDescriptors = 0
        #expect(configuration.effectiveConnectionLimit(openFileLimit: 1_024) == 1_024 - 64 - 2)
        #expect(OpenFileLimit.raise() >= 1)
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

/// Polls `condition` every 10 ms for up to `seconds`; whether it became true.
func waitUntil(seconds: Double = 10, _ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        usleep(10_000)
    }
    return true
}

#if canImport(Glibc)
import Glibc
#endif
