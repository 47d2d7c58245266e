import Foundation
import Testing

@testable import ContainmentService

@Suite struct OpenAPIDocumentTests {
    /// The binary serves an embedded copy; it must be the committed file (run scripts/embed-openapi).
    @Test func embeddedDocumentMatchesFile() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../openapi.yaml")
        let file = try String(contentsOf: root.standardizedFileURL, encoding: .utf8)
        #expect(OpenAPIDocument.yaml + "\n" == file)
    }
}
