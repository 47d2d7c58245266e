import Foundation
import Glibc
import MicroHTTPTestSupport
import Testing

/// The real `containment` executable, as a container runs it: SIGTERM (or SIGHUP, or SIGINT) with open streams ends
/// every stream with a final `shutdown` message and exits 0 (libmicrohttpd aborts the process
/// if stopped with suspended connections, which this would catch).
@Suite struct ShutdownWithStreamsTests {
    @Test(arguments: [SIGTERM, SIGHUP])
    func terminationEndsEveryStreamWithShutdownAndExitsZero(signal: Int32) throws {
        let server = try ServerProcess()
        defer { server.killIfRunning() }
        let port = try server.waitForPort()

        let service = RemoteService(port: port)
        try service.request("POST", "/v1/trees", json: #"{"id": "demo", "root": {"id": "root"}}"#)
        let streams = [
            try EventStreamClient(port: port, "/v1/trees/demo/events", format: .sse),
            try EventStreamClient(port: port, "/v1/trees/demo/events", format: .ndjson),
            try EventStreamClient(port: port, "/v1/events", format: .sse),
        ]
        #expect(streams.allSatisfy { $0.status == 200 })
        kill(server.process.processIdentifier, signal)
        for stream in streams {
            // Tree streams first replay the creation events.
            let rest = try stream.messages { $0.event == "shutdown" }
            #expect(rest.last?.event == "shutdown")
            #expect(try stream.next() == nil, "the stream ends after the shutdown message")
        }
        #expect(server.waitForExit(within: 5))
        #expect(server.process.terminationReason == .exit)
        #expect(server.process.terminationStatus == 0)
    }
}
