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

    /// `bugs`: the deliberate mistakes to make (see the script's header). `searchPath`: where
    /// python3 is looked for, as `PATH` (the official Swift image has none).
    init(bugs: [String] = [], searchPath: String = ProcessInfo.processInfo.environment["PATH"] ?? "") throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../ConformanceAdapter/toy_runtime.py").standardizedFileURL
        process.executableURL = try Self.python3(searchPath: searchPath)
        process.arguments = [script.path, "--port", "0"] + bugs.flatMap { ["--bug", $0] }
        let output = Pipe()
        process.standardOutput = output
        // Its stderr goes to an unlinked file, not a pipe that nobody reads once it listens and could fill.
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("toy-runtime-\(UUID().uuidString).stderr")
        FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errors)
        let errorOutput = try FileHandle(forReadingFrom: errors)
        try FileManager.default.removeItem(at: errors)
        try process.run()
        // It prints `listening on 127.0.0.1:PORT` once it is bound.
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else {
                process.waitUntilExit()
                let stderr = String(decoding: errorOutput.readDataToEndOfFile(), as: UTF8.self)
                throw Failure(
                    description: "the toy runtime (python3 \(script.lastPathComponent)) exited with status \(process.terminationStatus) "
                        + "before listening: \(stderr.trimmingCharacters(in: .whitespacesAndNewlines))")
            }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("listening on 127.0.0.1:"), let port = Int(text.split(separator: ":").last ?? "") else {
            process.terminate()
            throw Failure(description: "unexpected first line from the toy runtime: \(text)")
        }
        self.port = port
    }

    /// The python3 that `/usr/bin/env python3` would run, or a failure that says how to get it.
    private static func python3(searchPath: String) throws -> URL {
        for directory in searchPath.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("python3")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw Failure(description: "python3 is not installed: apt-get install python3 (scripts/test installs it)")
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
