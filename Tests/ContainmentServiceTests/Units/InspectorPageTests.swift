import Foundation
import Testing

@testable import ContainmentService

@Suite struct InspectorPageTests {
    private static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Sources/ContainmentService/Inspector").standardizedFileURL

    private func file(_ name: String) throws -> String {
        try String(contentsOf: Self.directory.appendingPathComponent(name), encoding: .utf8)
    }

    /// The page is built from the files on disk at build time; a difference is a build that
    /// missed an edit (docs/architecture.md, "Generated code").
    @Test func servedPageIsTheFilesOnDisk() throws {
        #expect(InspectorPage.html == (try file("inspector.html")), "stale build: touch Package.swift and build again")
        #expect(InspectorPage.css == (try file("inspector.css")), "stale build: touch Package.swift and build again")
        #expect(InspectorPage.javascript == (try file("inspector.js")), "stale build: touch Package.swift and build again")
    }

    /// One self-contained response: the stylesheet and script inlined, nothing loaded from elsewhere.
    @Test func documentInlinesStyleAndScript() throws {
        let page = InspectorPage.document.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
        #expect(page.contains("<style>\(InspectorPage.css)</style>"))
        #expect(page.contains("<script>\(InspectorPage.javascript)</script>"))
        #expect(!page.contains(#"href="inspector.css""#))
        #expect(!page.contains(#"src="inspector.js""#))
        // No CDN, no outside origin: the only URL is the SVG namespace name, which is never fetched.
        #expect(page.replacing("http://www.w3.org/2000/svg", with: "").contains("http") == false)
    }

    @Test func policyAllowsOnlyTheInlineHashes() {
        let policy = InspectorPage.contentSecurityPolicy
        #expect(policy.hasPrefix("default-src 'none';"))
        #expect(policy.contains("script-src \(InspectorPage.scriptHash);"))
        #expect(policy.contains("style-src \(InspectorPage.styleHash);"))
        #expect(!policy.contains("unsafe-inline") && !policy.contains("unsafe-eval"))
        #expect(InspectorPage.scriptHash.hasPrefix("'sha256-") && InspectorPage.scriptHash.count == 53)
    }
}
