import Foundation
import Glibc
import MicroHTTPTestSupport
import Testing

/// `containment serve --port 0` from the build folder, its stderr read for the bound port.
final class ServerProcess {
    let process = Process()
    private let errors = Pipe()

    /// `arguments` follow `serve --port 0 --threads 2`; `launcher` runs before the executable
    /// (`prlimit --fsize=…`), which it must then exec.
    init(arguments: [String] = [], launcher: [String] = []) throws {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("containment")
        try #require(
            FileManager.default.isExecutableFile(atPath: executable.path),
            "build the executable first (swift build): \(executable.path)")
        let command = launcher + [executable.path, "serve", "--port", "0", "--threads", "2"] + arguments
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
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

struct ServerProcessError: Error, CustomStringConvertible {
    let log: String
    var description: String { "the server did not report its port: \(log)" }
}

/// Plain requests to a server the test did not start in-process.
struct RemoteService {
    let port: Int

    /// `mustSucceed`: anything but a 2xx fails the test.
    @discardableResult
    func request(_ method: String, _ target: String, json: String? = nil, mustSucceed: Bool = true) throws -> Reply {
        let connection = try TestHTTPConnection(port: port)
        defer { connection.close() }
        let headers = json == nil ? [] : [("Content-Type", "application/json")]
        let response = try connection.request(method, target, headers: headers, body: Array((json ?? "").utf8))
        if mustSucceed { try #require((200..<300).contains(response.status), "\(method) \(target): \(response.status)") }
        return Reply(status: response.status, headers: response.headers, body: response.body)
    }
}
