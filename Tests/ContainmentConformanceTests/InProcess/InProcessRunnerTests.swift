import ContainmentConformance
import Foundation
import FoundationXML
import Testing

/// The corpus run in process through `ConformanceRuntime`, on the engine fixture: the same
/// report, expectations and exports as over HTTP, a runtime with one bug held to its
/// expectations, and a second bug named where it shows.
@Suite struct InProcessRunnerTests {
    static func report(_ bugs: Set<EngineRuntime.Bug>, _ scenarios: [Scenario] = ScenarioCorpus.scenarios) -> ConformanceReport {
        var target = InProcessTarget { EngineRuntime(recorder: $0, bugs: bugs) }
        return ConformanceReport.run(scenarios, on: &target)
    }

    static let corpusIDs = Set(ScenarioCorpus.scenarios.map(\.id))

    /// The engine behind the adapter protocol does what the corpus recorded: every step kind
    /// reaches the runtime as the HTTP target sends it.
    @Test func theEngineBehindTheAdapterProtocolPassesEveryScenario() {
        let report = Self.report([])
        #expect(report.passed == ScenarioCorpus.scenarios.count, "\(report.results.filter { $0.outcome != .pass }.map(\.verdict))")
        #expect(report.exitStatus == 0)
    }

    /// One bug: its failures are written as expectations, and a run held to them exits 0.
    /// Two bugs: a scenario that already failed fails with a new difference, named, and the
    /// run exits 1; the text, TAP, JUnit and HTML reports say so as the command's do.
    @Test func aSecondBugIsWorseNamingTheScenarioAndTheNewDifference() throws {
        let oneBug = Self.report([.noDidMoveOnRemove])
        #expect(oneBug.exitStatus == 1)
        let expected = ConformanceExpectations(oneBug)
        #expect(expected.differences["guide-hide-content-controller"] == ["missing content.didMove"])
        var held = oneBug
        held.expectations = ExpectationsComparison(expected, source: "e.json", report: oneBug, corpus: Self.corpusIDs)
        #expect(held.exitStatus == 0)
        #expect(held.expectations?.asExpected == ScenarioCorpus.scenarios.count)

        var twoBugs = Self.report([.noDidMoveOnRemove, .noWillMove])
        twoBugs.expectations = ExpectationsComparison(expected, source: "e.json", report: twoBugs, corpus: Self.corpusIDs)
        #expect(twoBugs.exitStatus == 1)
        let worse = try #require(twoBugs.expectations?.worse.first { $0.scenario == "guide-hide-content-controller" })
        #expect(worse.newDifferences == ["missing content.willMove"])
        #expect(twoBugs.text.contains("\nworse: guide-hide-content-controller: fails with 1 new difference: missing content.willMove\n"))
        #expect(twoBugs.text.contains("\nworse: guide-display-content-controller: expected pass, got fail\n"))

        let index = try #require(twoBugs.results.firstIndex { $0.scenario == "guide-hide-content-controller" })
        #expect(TAPReport.text(twoBugs).contains("\nnot ok \(index + 1) - guide-hide-content-controller (rule 2)\n"))
        let junit = try #require(try XMLDocument(xmlString: JUnitReport.xml(twoBugs)).rootElement())
        #expect(try junit.nodes(forXPath: "//testcase[@name='guide-hide-content-controller']/failure").count == 1)
        let page = HTMLReport.page(twoBugs, scenarios: ScenarioCorpus.scenarios)
        #expect(page.contains("New since the expectations: missing content.willMove"))

        let check = ScenarioCheck(twoBugs.results[index], expectations: twoBugs.expectations)
        guard case .failure(let message) = check.verdict else {
            Issue.record("\(check.verdict)")
            return
        }
        #expect(message.hasPrefix("worse: guide-hide-content-controller: fails with 1 new difference: missing content.willMove\nFAIL "))
        #expect(message.contains("\ndifferences:\n  missing content.didMove\n  missing content.willMove\n"))
    }

    /// `ReportFiles` writes what the command's options write, from the in-process report.
    @Test func reportFilesAreTheCommandsFiles() throws {
        var report = Self.report([.noDidMoveOnRemove], Array(ScenarioCorpus.scenarios.prefix(20)))
        let expected = ConformanceExpectations(scenarios: [:])
        report.expectations = ExpectationsComparison(expected, source: "e.json", report: report, corpus: Self.corpusIDs)
        let files = ReportFiles(junit: "j.xml", html: "r.html", summary: "s.json", writeExpectations: "w.json", updateExpectations: true)
        let written = try files.contents(
            of: report, scenarios: Array(ScenarioCorpus.scenarios.prefix(20)), corpus: ScenarioCorpus.scenarios.count, selection: ScenarioSelection(),
            options: CompareOptions())
        #expect(written.map(\.path) == ["j.xml", "r.html", "s.json", "w.json", "e.json"])
        #expect(written[0].bytes == Array(JUnitReport.xml(report).utf8))
        // Every scenario was new to the empty expectations, so the ratchet records them all.
        #expect(written[4].bytes == written[3].bytes)
        #expect(try ReportFiles().contents(of: report, scenarios: [], corpus: 0, selection: ScenarioSelection(), options: CompareOptions()).isEmpty)
    }
}
