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
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: Self.directory.appendingPathComponent("Scripts").path)
            .filter { $0.hasSuffix(".js") }.sorted()
        #expect(InspectorPage.scripts.map(\.name) == onDisk, "stale build: touch Package.swift and build again")
        for script in InspectorPage.scripts {
            #expect(script.text == (try file("Scripts/" + script.name)), "stale build: touch Package.swift and build again")
        }
    }

    /// Every script is linked once from inspector.html, strict, and no larger than a module should be.
    @Test func everyScriptIsLinkedOnceAndStrict() {
        #expect(InspectorPage.scripts.count > 1)
        for script in InspectorPage.scripts {
            #expect(InspectorPage.html.ranges(of: InspectorPage.scriptTag(script.name)).count == 1, "\(script.name)")
            #expect(script.text.hasPrefix("'use strict';\n"), "\(script.name)")
            #expect(script.text.split(separator: "\n", omittingEmptySubsequences: false).count <= 400, "\(script.name)")
        }
    }

    /// One self-contained response: the stylesheet and scripts inlined, in inspector.html's
    /// order, nothing loaded from elsewhere.
    @Test func documentInlinesStyleAndScripts() throws {
        let page = InspectorPage.document.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
        #expect(page.contains("<style>\(InspectorPage.css)</style>"))
        let linked = InspectorPage.html.matches(of: /<script src="Scripts\/([a-z]+\.js)"><\/script>/).map { String($0.output.1) }
        let positions = try linked.map { name in
            let text = try #require(InspectorPage.scripts.first { $0.name == name }?.text)
            return try #require(page.range(of: "<script>\(text)</script>")).lowerBound
        }
        #expect(positions == positions.sorted())
        #expect(!page.contains(#"href="inspector.css""#))
        #expect(!page.contains(#"<script src="#))
        // No CDN, no outside origin: the only URL is the SVG namespace name, which is never fetched.
        #expect(page.replacing("http://www.w3.org/2000/svg", with: "").contains("http") == false)
    }

    /// The Swift pane: its form labelled (source, idiom), its script before the one that binds
    /// every panel, posting to the Swift route (docs/swift.md).
    @Test func swiftPaneIsLabelledAndBoundBeforeStart() throws {
        let html = InspectorPage.html
        let opening = try #require(html.firstRange(of: #"<form id="swift""#))
        let closing = try #require(html[opening.lowerBound...].firstRange(of: "</form>"))
        let body = html[opening.lowerBound..<closing.lowerBound]
        #expect(body.contains("aria-label=\"Ask in Swift\""))
        #expect(body.contains(#"<textarea name="source""#) && body.contains(#"<select name="idiom">"#))
        #expect(body.contains(#"<option value="pad">pad</option>"#))
        let swift = try #require(html.firstRange(of: InspectorPage.scriptTag("swift.js")))
        let start = try #require(html.firstRange(of: InspectorPage.scriptTag("start.js")))
        #expect(swift.lowerBound < start.lowerBound)
        let scripts = Dictionary(uniqueKeysWithValues: InspectorPage.scripts.map { ($0.name, $0.text) })
        #expect(scripts["start.js"]?.contains("  bindSwift();\n") == true)
        #expect(scripts["swift.js"]?.contains("api('POST', '/v1/swift', ") == true)
    }

    @Test func policyAllowsOnlyTheInlineHashes() {
        let policy = InspectorPage.contentSecurityPolicy
        #expect(policy.hasPrefix("default-src 'none';"))
        #expect(policy.contains("script-src \(InspectorPage.scriptHashes.joined(separator: " "));"))
        #expect(policy.contains("style-src \(InspectorPage.styleHash);"))
        #expect(!policy.contains("unsafe-inline") && !policy.contains("unsafe-eval"))
        #expect(InspectorPage.scriptHashes.count == InspectorPage.scripts.count)
        #expect(InspectorPage.scriptHashes.allSatisfy { $0.hasPrefix("'sha256-") && $0.count == 53 })
    }
}
