import Foundation
import Glibc
import Synchronization
import Testing

/// `containment serve` on an ephemeral loopback port, watched from outside: its log drained
/// (a full pipe would stall the server's logging and pass for a hang), its RSS and CPU time
/// read from /proc, how it ended. Unlike `ServerProcess`, no wait is unbounded. Unchecked:
/// `Process` is only read after `run()` (its pid, whether it runs), which it allows from any thread.
final class WatchedServer: @unchecked Sendable {
    private let process: Process
    private let log = Mutex(Log())

    /// The executable: `CONTAINMENT_BINARY` when set (to check another build), else the one
    /// `swift build` put beside the tests.
    static var executable: URL {
        if let path = ProcessInfo.processInfo.environment["CONTAINMENT_BINARY"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("containment")
    }

    /// `arguments` follow `serve --host 127.0.0.1 --port 0 --threads 2`.
    init(arguments: [String]) throws {
        let executable = Self.executable
        try #require(
            FileManager.default.isExecutableFile(atPath: executable.path), "build the executable first (swift build): \(executable.path)")
        process = Process()
        process.executableURL = executable
        process.arguments = ["serve", "--host", "127.0.0.1", "--port", "0", "--threads", "2"] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let reading = errors.fileHandleForReading
        Thread { [weak self] in
            while true {
                let data = reading.availableData
                guard !data.isEmpty, let self else { break }
                self.log.withLock { $0.append(data) }
            }
        }.start()
    }

    deinit { killIfRunning() }

    var pid: pid_t { process.processIdentifier }
    var isRunning: Bool { process.isRunning }

    /// The port from the "containment listening" log line, waiting at most `seconds`.
    func waitForPort(within seconds: Double = 20) throws -> Int {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let port = listeningPort { return port }
            guard process.isRunning else { break }
            Thread.sleep(forTimeInterval: 0.01)
        }
        throw ServerProcessError(log: "\(logTail) (the process \(exitDescription))")
    }

    /// The port it logged it listens on, nil before.
    var listeningPort: Int? { log.withLock { $0.port } }

    /// The end of the log, for a failure's message.
    var logTail: String { log.withLock { $0.tail } }

    /// Resident memory (VmRSS), nil once the process is gone.
    var residentBytes: Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return nil }
        return kilobytes * 1_024
    }

    /// User and system CPU time so far, in seconds; nil once the process is gone.
    var cpuSeconds: Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // Fields after the command's closing parenthesis: state is field 3, utime 14, stime 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// "is running", "exited with status N" or "was killed by signal N (NAME)".
    var exitDescription: String {
        guard !process.isRunning else { return "is running" }
        let status = process.terminationStatus
        guard process.terminationReason == .uncaughtSignal else { return "exited with status \(status)" }
        return "was killed by signal \(status) (\(String(cString: strsignal(status))))"
    }

    var exitedCleanly: Bool { !process.isRunning && process.terminationReason == .exit && process.terminationStatus == 0 }

    func waitForExit(within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        return !process.isRunning
    }

    /// SIGTERM, then true if the process ended within `seconds`.
    func terminate(within seconds: Double) -> Bool {
        if process.isRunning { kill(pid, SIGTERM) }
        return waitForExit(within: seconds)
    }

    func killIfRunning() {
        guard process.isRunning else { return }
        kill(pid, SIGKILL)
        _ = waitForExit(within: 5)
    }

    /// What a watched server logged: the port once it is listening, its first fatal error, and
    /// the last 32 KiB or more.
    private struct Log {
        private var text = ""
        private(set) var port: Int?
        private var fatal: String?

        mutating func append(_ data: Data) {
            text += String(decoding: data, as: UTF8.self)
            if port == nil, let line = text.split(separator: "\n").first(where: { $0.contains("containment listening") }),
                let range = line.range(of: #"port=\d+"#, options: .regularExpression)
            {
                port = Int(line[range].dropFirst(5))
            }
            if fatal == nil, let line = text.split(separator: "\n").first(where: { $0.contains("Fatal error") }) {
                fatal = String(line.prefix(600))
            }
            if text.utf8.count > 65_536 { text = String(text.suffix(32_768)) }
        }

        /// The fatal error (before its backtrace), else the last lines.
        var tail: String { fatal ?? String(text.suffix(2_000)) }
    }
}
