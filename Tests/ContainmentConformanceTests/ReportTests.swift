import Containment
import ContainmentConformance
import Foundation
import FoundationXML
import Testing

@Suite struct ReportTests {
    /// A report with one passing and one failing scenario (an event dropped from a recorded run).
    static func mixedReport() throws -> ConformanceReport {
        let passing = try #require(ScenarioCorpus.scenario("rule13-push"))
        let failing = try #require(ScenarioCorpus.scenario("rule01-add-child-calls-will-move"))
        func recorded(_ scenario: Scenario) -> ScenarioRun {
            ScenarioRun(scenario: scenario.id, creation: scenario.tree.expect ?? StepOutcome(), steps: scenario.steps.compactMap(\.expect))
        }
        var broken = recorded(failing)
        broken.steps[1].events.removeAll()
        return ConformanceReport.check([recorded(passing), broken], against: ScenarioCorpus.scenarios)
    }

    @Test func junitIsWellFormedWithAFailurePerFailingScenario() throws {
        let xml = JUnitReport.xml(try Self.mixedReport())
        let document = try XMLDocument(xmlString: xml)
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        #expect(root.attribute(forName: "tests")?.stringValue == "2")
        #expect(root.attribute(forName: "failures")?.stringValue == "1")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.compactMap { $0.attribute(forName: "name")?.stringValue?.prefix(7) } == ["rule 1:", "rule 13"])
        let failures = try root.nodes(forXPath: "//testcase/failure")
        #expect(failures.count == 1)
        #expect(failures.first?.stringValue?.contains("-child.willMove {\"parent\":\"parent\"}   (missing)") == true)
    }

    @Test func tapHasAPointPerScenarioAndTheDiffAsYAML() throws {
        let lines = TAPReport.text(try Self.mixedReport()).split(separator: "\n").map(String.init)
        #expect(lines.prefix(2) == ["TAP version 13", "1..2"])
        #expect(lines.contains("ok 1 - rule13-push (rule 13)"))
        #expect(lines.contains("not ok 2 - rule01-add-child-calls-will-move (rule 1)"))
        #expect(lines.contains("  ---") && lines.contains("  ..."))
    }

    @Test func textReportSummarisesPerRule() throws {
        let text = try Self.mixedReport().text
        #expect(text.contains("\nrule  passed  failed  skipped  errors  title\n"))
        #expect(text.contains("\n   1       0       1        0       0  addChild(_:)"))
        #expect(text.contains("\n  13       1       0        0       0  UINavigationController"))
        #expect(text.hasSuffix("\n2 scenarios: 1 passed, 1 failed, 0 skipped, 0 errors\n"))
    }

    /// A trace naming no scenario could not be checked: an error, not a failure.
    @Test func traceOfAnUnknownScenarioIsAnError() {
        let report = ConformanceReport.check([ScenarioRun(scenario: "nope", creation: StepOutcome(), steps: [])], against: ScenarioCorpus.scenarios)
        #expect(report.errors == 1 && report.failed == 0)
        #expect(report.results.first?.verdict == "ERROR nope: no scenario nope in the corpus")
        #expect(JUnitReport.xml(report).contains(#"<testsuite name="traces without a scenario" tests="1" failures="0" errors="1" skipped="0">"#))
    }

    @Test(arguments: [
        ("rule13-*", "rule13-push", true), ("rule13-*", "rule14-push", false), ("*tunnel*", "tunnel-launch", true),
        ("rule0?-*", "rule05-add-child-self", true), ("rule0?-*", "rule10-x", false), ("*", "", true),
        ("a*b*c", "axxbyyc", true), ("a*b*c", "axxbyy", false), ("exact", "exact", true),
    ])
    func filterGlob(_ pattern: String, _ id: String, _ matches: Bool) {
        #expect(ScenarioFilter(pattern).matches(id) == matches)
    }

    @Test func timelineText() {
        let events = [
            Event(seq: 9, batch: 3, tree: "t", time: 0, controller: "child", callback: "viewWillAppear", args: ["animated": false], isMovingToParent: true),
            Event(
                seq: 10, batch: 3, tree: "t", time: 0, controller: "c", callback: nil, warning: "Unbalanced calls to begin/end appearance transitions for <c>"),
        ]
        #expect(
            EventTimeline.text(events) == """
                seq  batch  controller  callback        args                                                          flags
                  9      3  child       viewWillAppear  {"animated":false}                                            isMovingToParent
                 10      3  c           warning         Unbalanced calls to begin/end appearance transitions for <c>

                """)
        let diagram = EventTimeline.mermaid(events)
        #expect(diagram.contains("    UIKit->>c1: viewWillAppear(animated: false) [isMovingToParent]\n"))
        #expect(diagram.contains("    Note over c2: ⚠ Unbalanced calls to begin/end appearance transitions for <c>\n"))
    }
}
