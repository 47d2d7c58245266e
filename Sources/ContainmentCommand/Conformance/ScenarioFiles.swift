import ArgumentParser
import ContainmentConformance
import FoundationEssentials

/// The corpus on disk: one `<id>.json` per scenario, read and written whole.
struct ScenarioFiles {
    static let defaultDirectory = "conformance/scenarios"

    var directory: String

    /// File names, sorted so every report lists scenarios in the same order.
    func names() throws -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") }.sorted()
        } catch {
            throw ValidationError("cannot list \(directory): \(error)")
        }
    }

    func read(_ name: String) throws -> (bytes: [UInt8], scenario: Scenario) {
        let bytes = try Self.readBytes("\(directory)/\(name)")
        do {
            return (bytes, try ConformanceJSON.decode(Scenario.self, from: bytes))
        } catch {
            throw ValidationError("\(directory)/\(name) is not a scenario: \(error)")
        }
    }

    func scenarios() throws -> [Scenario] {
        try names().map { try read($0).scenario }
    }

    /// Atomically: the rename also changes the directory, the input the build embeds the
    /// corpus from, so the next build embeds the re-recorded file.
    func write(_ bytes: [UInt8], to name: String) throws {
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: "\(directory)/\(name)"), options: .atomic)
        } catch {
            throw ValidationError("cannot write \(directory)/\(name): \(error)")
        }
    }

    static func readBytes(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidationError("cannot read \(path)")
        }
        return Array(data)
    }
}
