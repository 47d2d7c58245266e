import Containment
import ContainmentConformance
import Foundation
import Testing

/// The committed corpus: complete, what the binary serves, and what the engine does today.
@Suite struct CorpusTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../conformance/scenarios").standardizedFileURL

    static func fileNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }.sorted()
    }

    /// The corpus is embedded from the files on disk at build time; a difference is a build that
    /// missed an edit, a new file or a removed one (docs/architecture.md, "Generated code").
    @Test func servedCorpusIsTheFilesOnDisk() throws {
        let names = try Self.fileNames()
        #expect(ScenarioCorpus.fileTexts.map(\.name) == names, "stale build: touch Package.swift and build again")
        for (name, text) in ScenarioCorpus.fileTexts {
            let file = try String(contentsOf: Self.directory.appendingPathComponent(name), encoding: .utf8)
            #expect(text == file, "\(name) differs from the build's copy: touch Package.swift and build again")
        }
    }

    @Test func embeddedCorpusDecodes() throws {
        #expect(ScenarioCorpus.scenarios.count == ScenarioCorpus.fileTexts.count)
        for scenario in ScenarioCorpus.scenarios {
            #expect(ScenarioCorpus.fileTexts.contains { $0.name == "\(scenario.id).json" }, "\(scenario.id) is not in \(scenario.id).json")
        }
        #expect(Set(ScenarioCorpus.scenarios.map(\.id)).count == ScenarioCorpus.scenarios.count)
    }

    @Test func corpusHasAtLeastEightyScenarios() {
        #expect(ScenarioCorpus.scenarios.count >= 80)
    }

    /// Every rule of the table has scenarios, and every scenario names a rule of the table.
    @Test(arguments: ConformanceRule.all.map(\.number))
    func ruleHasScenarios(_ number: Int) {
        #expect(ScenarioCorpus.scenarios.contains { $0.rule.number == number }, "rule \(number) has no scenario")
    }

    @Test func everyScenarioNamesAKnownRule() {
        let known = Set(ConformanceRule.all.map(\.number))
        for scenario in ScenarioCorpus.scenarios {
            #expect(known.contains(scenario.rule.number), "\(scenario.id) names rule \(scenario.rule.number)")
            #expect(!scenario.documentation.isEmpty, "\(scenario.id) cites no documentation")
            #expect(!scenario.rule.uikit.isEmpty, "\(scenario.id) names no UIKit API")
        }
    }

    /// The guide's listings, the Tunnel app and the common container patterns are all there.
    @Test(arguments: ["guide-listing", "tunnel", "drawer", "pager", "bottom-sheet", "manual-forwarding"])
    func corpusCoversTag(_ tag: String) {
        #expect(ScenarioCorpus.scenarios.filter { $0.tags.contains(tag) }.count >= 2, "fewer than 2 scenarios tagged \(tag)")
    }

    @Test func navigationInsideTabBarIsCovered() {
        #expect(ScenarioCorpus.scenarios.contains { $0.tags.contains("tab-bar") && $0.tags.contains("navigation") && $0.tags.contains("pattern") })
    }

    /// Recording today gives the committed bytes: the engine still does what the corpus says,
    /// and recording is stable (`containment conformance record` would change nothing).
    @Test(arguments: try fileNames())
    func recordingReproducesFile(_ name: String) throws {
        let bytes = Array(try Data(contentsOf: Self.directory.appendingPathComponent(name)))
        let scenario = try ConformanceJSON.decode(Scenario.self, from: bytes)
        var target = EngineTarget()
        let run = ScenarioRun.run(scenario, on: &target)
        let diff = ScenarioDiff.compare(scenario, run)
        #expect(diff.passed, "\(diff.verdict)\n\(diff.text)")
        #expect(try ConformanceJSON.fileBytes(scenario.recording(run)) == bytes, "\(name) is not as recorded")
    }

    /// `conformance/reference-summary.json` is the reference's run of the corpus as it is
    /// (`containment conformance record` writes it).
    @Test func referenceSummaryIsCurrent() throws {
        let file = Self.directory.deletingLastPathComponent().appendingPathComponent("reference-summary.json")
        let committed = Array(try Data(contentsOf: file))
        #expect(try ConformanceJSON.fileBytes(ConformanceSummary.reference(ScenarioCorpus.scenarios)) == committed, "run containment conformance record")
    }

    /// docs/conformance.md's rule table names every rule the corpus checks, and no other.
    @Test func conformanceGuideListsEveryRule() throws {
        let guide = try String(
            contentsOf: Self.directory.appendingPathComponent("../../docs/conformance.md").standardizedFileURL, encoding: .utf8)
        let rows = guide.split(separator: "\n").compactMap { line -> Int? in
            guard line.hasPrefix("| "), let cell = line.split(separator: "|").first else { return nil }
            return Int(cell.trimmingCharacters(in: .whitespaces))
        }
        #expect(rows == ConformanceRule.all.map(\.number))
    }

    /// Every scenario's expectations are there (recorded), one per step.
    @Test func everyStepHasAnExpectation() {
        for scenario in ScenarioCorpus.scenarios {
            #expect(scenario.tree.expect != nil, "\(scenario.id): tree not recorded")
            #expect(scenario.steps.allSatisfy { $0.expect != nil }, "\(scenario.id): a step is not recorded")
        }
    }
}
