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

/// `containment serve --port 0` from the build folder, its stderr read for the bound port.
private final class ServerProcess {
    let process = Process()
    private let errors = Pipe()

    init() throws {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("containment")
        try #require(
            FileManager.default.isExecutableFile(atPath: executable.path),
            "build the executable first (swift build): \(executable.path)")
        process.executableURL = executable
        process.arguments = ["serve", "--port", "0", "--threads", "2"]
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
    }

    /// The port from the "containment listening" log line.
    func waitForPort() throws -> Int {
        var log = ""
        while true {
            let data = errors.fileHandleForReading.availableData
            guard !data.isEmpty else { break }
            log += String(decoding: data, as: UTF8.self)
            if let line = log.split(separator: "\n").first(where: { $0.contains("containment listening") }),
                let range = line.range(of: #"port=\d+"#, options: .regularExpression),
                let port = Int(line[range].dropFirst(5))
            {
                return port
            }
        }
        throw ServerProcessError(log: log)
    }

    func waitForExit(within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        return !process.isRunning
    }

    func killIfRunning() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}

private struct ServerProcessError: Error, CustomStringConvertible {
    let log: String
    var description: String { "the server did not report its port: \(log)" }
}

/// Plain requests to a server the test did not start in-process.
private struct RemoteService {
    let port: Int

    @discardableResult
    func request(_ method: String, _ target: String, json: String) throws -> Reply {
        let connection = try TestHTTPConnection(port: port)
        defer { connection.close() }
        let response = try connection.request(
            method, target, headers: [("Content-Type", "application/json")], body: Array(json.utf8))
        try #require((200..<300).contains(response.status), "\(method) \(target): \(response.status)")
        return Reply(status: response.status, headers: response.headers, body: response.body)
    }
}
