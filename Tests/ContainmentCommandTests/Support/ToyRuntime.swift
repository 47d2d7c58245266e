import Foundation
import Glibc

/// The toy runtime's adapter (`Tests/ConformanceAdapter/toy_runtime.py`) on a loopback
/// ephemeral port, for the conformance runner to drive over HTTP; stopped when released.
final class ToyRuntime {
    private let process = Process()
    let port: Int
    var target: String { "http://127.0.0.1:\(port)" }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// `bugs`: the deliberate mistakes to make (see the script's header).
    init(bugs: [String] = []) throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../ConformanceAdapter/toy_runtime.py").standardizedFileURL
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, "--port", "0"] + bugs.flatMap { ["--bug", $0] }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // It prints `listening on 127.0.0.1:PORT` once it is bound.
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw Failure(description: "the toy runtime exited before listening") }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("listening on 127.0.0.1:"), let port = Int(text.split(separator: ":").last ?? "") else {
            process.terminate()
            throw Failure(description: "unexpected first line from the toy runtime: \(text)")
        }
        self.port = port
    }

    /// SIGTERM (the script restores its default action), then SIGKILL if it is still there.
    deinit {
        process.terminate()
        for _ in 0..<50 where process.isRunning { usleep(100_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}

/// A fresh temporary directory, removed when released.
final class TemporaryDirectory {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("conformance-\(UUID().uuidString)")

    init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    func read(_ name: String) throws -> String { try String(contentsOfFile: path(name), encoding: .utf8) }

    deinit { try? FileManager.default.removeItem(at: url) }
}
