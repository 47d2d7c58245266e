import Containment
import ContainmentConformance
import Foundation
import Testing

/// `--summary`: counts per rule and tag as JSON, the same bytes for the same run.
@Suite struct SummaryTests {
    /// Two scenarios of rule 1: one passes (tags a, b), one is skipped (tag b).
    @Test func countsPerRuleAndTagExactly() throws {
        let scenarios = [
            SelectionTests.scenario("rule01-x", tags: ["a", "b"]), SelectionTests.scenario("rule01-y", tags: ["b"]),
        ]
        let runs = [
            ScenarioRun(scenario: "rule01-x", creation: StepOutcome(), steps: []),
            ScenarioRun(scenario: "rule01-y", creation: StepOutcome(), steps: [], skipped: "tree: POST /v1/trees answered 501"),
        ]
        let report = ConformanceReport.check(runs, against: scenarios)
        let summary = ConformanceSummary(
            report, scenarios: scenarios, corpus: 9, selection: ScenarioSelection(filters: ["rule01-*"]), options: CompareOptions(ignoreLayout: true))
        #expect(String(decoding: try ConformanceJSON.fileBytes(summary), as: UTF8.self) == Self.expected)
    }

    static let expected = """
        {
          "corpus": 9,
          "format": "containment-conformance-summary/1",
          "options": {
            "ignoreArgs": false,
            "ignoreLayout": true,
            "ignoreViewIsAppearing": false
          },
          "rules": [
            {
              "errors": 0,
              "failed": 0,
              "passed": 1,
              "rule": 1,
              "skipped": 1,
              "title": "addChild(_:) calls willMove(toParent:), never didMove; a child of another parent is removed first",
              "total": 2
            }
          ],
          "scenarios": {
            "rule01-x": "pass",
            "rule01-y": "skip"
          },
          "selection": {
            "filters": [
              "rule01-*"
            ],
            "tags": []
          },
          "tags": [
            {
              "errors": 0,
              "failed": 0,
              "passed": 1,
              "skipped": 0,
              "tag": "a",
              "total": 1
            },
            {
              "errors": 0,
              "failed": 0,
              "passed": 1,
              "skipped": 1,
              "tag": "b",
              "total": 2
            }
          ],
          "totals": {
            "errors": 0,
            "failed": 0,
            "passed": 1,
            "skipped": 1,
            "total": 2
          }
        }

        """

    /// The reference's run of the corpus passes everything and gives the same bytes twice.
    @Test func referenceRunIsStableAndAllPass() throws {
        let first = ConformanceSummary.reference(ScenarioCorpus.scenarios)
        #expect(first.totals.passed == ScenarioCorpus.scenarios.count && first.totals.total == first.totals.passed)
        #expect(first.rules.map(\.rule) == ConformanceRule.all.map(\.number))
        #expect(try ConformanceJSON.fileBytes(first) == ConformanceJSON.fileBytes(ConformanceSummary.reference(ScenarioCorpus.scenarios)))
    }
}
