import ContainmentConformance
import Foundation
import Testing

@testable import ContainmentCommand

@Suite struct ConformanceCommandTests {
    /// `record` fills in expectations, and a second recording changes no byte.
    @Test func recordWritesExpectationsOnceAndStably() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("sample.json")
        try Data(
            #"""
            {"id": "sample", "title": "t", "rule": {"number": 1, "uikit": ["addChild(_:)"]}, "documentation": [{"title": "t", "url": "https://example.com"}],
             "tags": [], "tree": {"root": {"id": "parent"}},
             "steps": [{"create": {"id": "child"}}, {"calls": [{"receiver": "parent", "method": "addChild", "args": {"child": "child"}}]}]}
            """#.utf8
        ).write(to: file)
        let summary = FileManager.default.temporaryDirectory.appendingPathComponent("reference-summary-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: summary) }
        try Record.parse(["--dir", directory.path, "--summary", summary.path]).run()
        let first = try Data(contentsOf: file)
        // The reference's run of what was recorded: everything passes.
        let reference = try ConformanceJSON.decode(ConformanceSummary.self, from: Array(try Data(contentsOf: summary)))
        #expect(reference.totals.passed == 1 && reference.totals.total == 1 && reference.scenarios == ["sample": .pass])
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.contains(#""callback": "willMove""#))
        #expect(text.contains(#""expect": {"#))
        try Record.parse(["--dir", directory.path, "--summary", summary.path]).run()
        #expect(try Data(contentsOf: file) == first)
    }

    @Test func recordRefusesAFileNamedOtherThanItsScenario() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(#"{"id": "other", "title": "t", "rule": {"number": 1, "uikit": ["x"]}, "documentation": [], "tags": [], "tree": {}, "steps": []}"#.utf8)
            .write(to: directory.appendingPathComponent("sample.json"))
        #expect(throws: (any Error).self) { try Record.parse(["--dir", directory.path]).run() }
    }

    @Test func httpAnswersAreParsedWhateverTheFraming() throws {
        let sized = try BlockingHTTPClient.parse(Array("HTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\n{}extra".utf8))
        #expect(sized.status == 201 && sized.body == Array("{}".utf8))
        let chunked = try BlockingHTTPClient.parse(Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\n{\"a\r\n4\r\n\":1}\r\n0\r\n\r\n".utf8))
        #expect(String(decoding: chunked.body, as: UTF8.self) == #"{"a":1}"#)
        let closed = try BlockingHTTPClient.parse(Array("HTTP/1.0 404 Not Found\r\n\r\nbody".utf8))
        #expect(closed.status == 404 && closed.body == Array("body".utf8))
        #expect(throws: BlockingHTTPClient.Failure.self) { try BlockingHTTPClient.parse(Array("garbage".utf8)) }
        #expect(throws: BlockingHTTPClient.Failure.self) {
            try BlockingHTTPClient.parse(Array("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort".utf8))
        }
    }

    @Test func runRejectsABadTarget() {
        #expect(throws: (any Error).self) { try Run.parse(["--target", "ftp://x"]).run() }
        #expect(throws: (any Error).self) { try Run.parse(["--target", "http://127.0.0.1:1", "--filter", "no-such-*"]).run() }
    }
}
