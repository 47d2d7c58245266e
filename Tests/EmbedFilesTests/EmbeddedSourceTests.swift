import Foundation
import Testing

@testable import EmbedFiles

@Suite struct EmbeddedSourceTests {
    private static func directory(files: [String: String]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("EmbeddedSourceTests-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return directory
    }

    @Test func oneConstantPerFile() throws {
        let directory = try Self.directory(files: ["a.yaml": "a: 1\n", "b.css": "b {}\n"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = try EmbeddedSource.file(
            type: "Page", members: [try EmbeddedMember("yaml=\(directory.path)/a.yaml"), try EmbeddedMember("css=\(directory.path)/b.css")])
        #expect(source.contains("from a.yaml, b.css.\n"))
        #expect(source.contains("extension Page {\n    static let yaml = #\"\"\"\na: 1\n\n\"\"\"#\n    static let css = #\"\"\"\nb {}\n\n\"\"\"#\n}\n"))
    }

    /// `DIRECTORY/*.EXT`: every file with that extension, sorted by name, nothing else.
    @Test func tableOfADirectorysFiles() throws {
        let directory = try Self.directory(files: ["b.json": "{}\n", "a.json": "[]\n", "notes.txt": "no\n"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = try EmbeddedSource.file(type: "Corpus", members: [try EmbeddedMember("files=\(directory.path)/*.json")])
        #expect(source.contains("from \(directory.lastPathComponent)/*.json.\n"))
        #expect(
            source.contains("    static let files: [(name: String, text: String)] = [\n        (\"a.json\", #\"\"\"\n[]\n\n\"\"\"#),\n        (\"b.json\", "))
        #expect(!source.contains("notes"))
    }

    @Test func missingFileOrMalformedArgumentFails() throws {
        #expect(throws: (any Error).self) { try EmbeddedSource.file(type: "T", members: [try EmbeddedMember("x=/nonexistent/file")]) }
        #expect(throws: EmbedError.self) { try EmbeddedMember("no-equals-sign") }
        #expect(throws: EmbedError.self) { try EmbeddedMember("=/a/file") }
    }
}
