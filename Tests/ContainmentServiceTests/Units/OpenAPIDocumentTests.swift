import Foundation
import Testing

@testable import ContainmentService

@Suite struct OpenAPIDocumentTests {
    /// The document is embedded from the file on disk at build time; a difference is a build that
    /// missed an edit (docs/architecture.md, "Generated code").
    @Test func servedDocumentIsTheFileOnDisk() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../openapi.yaml")
        let file = try String(contentsOf: root.standardizedFileURL, encoding: .utf8)
        #expect(OpenAPIDocument.yaml == file, "stale build: touch Package.swift and build again")
    }
}
