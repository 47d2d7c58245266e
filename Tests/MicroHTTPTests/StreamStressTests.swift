import Dispatch
import MicroHTTP
import MicroHTTPTestSupport
import Testing

@Suite struct StreamStressTests {
    /// Writers on several threads, clients leaving mid-stream, then shutdown: every stream
    /// ends exactly once, the ones still connected receive whole lines, nothing crashes.
    @Test func concurrentWritersDepartingClientsAndShutdown() throws {
        let streaming = StreamingServer()
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        let server = HTTPServer(configuration: configuration, handlers: streaming.handlers)
        try server.start()
        let clients = try (0..<200).map { _ in try TestHTTPConnection(port: server.port) }
        for client in clients { try client.sendRequest("GET", "/events") }
        for (index, client) in clients.enumerated() { _ = try step("client \(index)'s response head") { try client.readResponseHead() } }
        let streams = streaming.streams.wait(for: 200)
        #expect(streams.count == 200)

        let writers = DispatchGroup()
        DispatchQueue.global().async(group: writers) {
            DispatchQueue.concurrentPerform(iterations: 4) { writer in
                for round in 0..<50 {
                    for stream in streams { stream.write(Array("writer \(writer) round \(round)\n".utf8)) }
                }
            }
        }
        for client in clients.prefix(100) { client.close() }
        writers.wait()
        server.shutdown(grace: 2)

        let terminations = streaming.terminations.wait(for: 200)
        #expect(terminations.count == 200)
        #expect(terminations.allSatisfy { $0 == .clientGone || $0 == .serverShutdown })
        for (index, client) in clients.enumerated().dropFirst(100) {
            var lines = 0
            while let line = try step("client \(index)'s body after \(lines) lines", { try client.readBodyLine() }) {
                #expect(line.hasPrefix("writer "))
                lines += 1
            }
            #expect(lines == 200)
        }
    }
}
