import ContainmentConformance
import ContainmentConformanceTesting
import Foundation
import Testing

/// The Swift Testing helper on the engine fixture: what it records for a scenario, held to
/// expectations or not, and the files its whole run writes.
@Suite struct ConformanceSuiteTests {
    static let display = ConformanceScenario(ScenarioCorpus.scenario("guide-display-content-controller")!)
    static let hide = ConformanceScenario(ScenarioCorpus.scenario("guide-hide-content-controller")!)

    static func suite(_ bugs: Set<EngineRuntime.Bug>, expectations: String? = nil) -> ConformanceSuite<EngineRuntime> {
        ConformanceSuite(selection: ScenarioSelection(tags: ["guide-listing"]), expectations: expectations) { EngineRuntime(recorder: $0, bugs: bugs) }
    }

    static func comments(_ issue: Issue) -> String { issue.comments.map(\.rawValue).joined(separator: "\n") }

    @Test func theScenariosAreTheSelectionNamedByTheirIds() throws {
        let ids = try Self.suite([]).scenarios().map(\.testDescription)
        #expect(ids == ScenarioCorpus.scenarios.filter { $0.tags.contains("guide-listing") }.map(\.id))
        #expect(throws: SelectionError.self) {
            try ConformanceSuite(selection: ScenarioSelection(tags: ["no-such-tag"])) { EngineRuntime(recorder: $0) }.scenarios()
        }
    }

    /// Without expectations a failure is an issue carrying the verdict, the differences and the diff.
    @Test func aFailureIsAnIssueWithItsDifferences() throws {
        try Self.suite([]).check(Self.hide)
        try withKnownIssue {
            try Self.suite([.noDidMoveOnRemove]).check(Self.hide)
        } matching: { issue in
            Self.comments(issue).hasPrefix("FAIL guide-hide-content-controller: step 0: 1 missing\ndifferences:\n  missing content.didMove\n--- expected")
        }
    }

    /// Held to the one-bug runtime's expectations: its failure is a known issue and the run
    /// passes; the second bug is an issue naming the scenario and the new difference.
    @Test func heldToExpectationsOnlyWhatGotWorseIsAnIssue() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("suite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("expectations.json").path
        // The suite's own file, not there yet: written first, unheld.
        let oneBug = Self.suite([.noDidMoveOnRemove], expectations: file)
        let written = try oneBug.run(writing: ReportFiles(writeExpectations: file))
        #expect(written.exitStatus == 1 && written.expectations == nil)

        #expect(try oneBug.run().exitStatus == 0)
        try oneBug.check(Self.display)
        // Its expected failure is a known issue: the test case passes.
        try oneBug.check(Self.hide)

        let twoBugs = Self.suite([.noDidMoveOnRemove, .noWillMove], expectations: file)
        try withKnownIssue {
            try twoBugs.check(Self.hide)
        } matching: { issue in
            Self.comments(issue).hasPrefix("worse: guide-hide-content-controller: fails with 1 new difference: missing content.willMove\n")
        }
        try withKnownIssue {
            try twoBugs.check(Self.display)
        } matching: { issue in
            Self.comments(issue).hasPrefix("worse: guide-display-content-controller: expected pass, got fail\n")
        }
        let report = try twoBugs.run()
        #expect(report.exitStatus == 1)
        #expect(report.text.contains("worse: guide-hide-content-controller: fails with 1 new difference: missing content.willMove"))

        // Fixed: better is a warning, not a failure, and the ratchet writes it back.
        try Self.suite([], expectations: file).check(Self.hide)
        _ = try Self.suite([], expectations: file).run(writing: ReportFiles(updateExpectations: true))
        let ratcheted = try ConformanceJSON.decode(ConformanceExpectations.self, from: Array(try Data(contentsOf: URL(fileURLWithPath: file))))
        #expect(ratcheted.scenarios["guide-hide-content-controller"] == .pass)
    }

    /// A file that is not one fails every check with why.
    @Test func anUnreadableExpectationsFileFailsTheCheck() {
        #expect(throws: SuiteError.self) { try Self.suite([], expectations: "/nonexistent/expectations.json").check(Self.display) }
    }

    @Test func reportFilesComeFromTheEnvironment() {
        let files = ReportFiles.environment([
            "CONTAINMENT_CONFORMANCE_HTML": "r.html", "CONTAINMENT_CONFORMANCE_JUNIT": "j.xml", "CONTAINMENT_CONFORMANCE_SUMMARY": "",
            "CONTAINMENT_CONFORMANCE_UPDATE_EXPECTATIONS": "1",
        ])
        #expect(files == ReportFiles(junit: "j.xml", html: "r.html", updateExpectations: true))
        #expect(ReportFiles.environment([:]) == ReportFiles())
    }
}
