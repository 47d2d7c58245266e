import ContainmentConformance
import Foundation
import FoundationXML
import Testing

/// Pass, fail, skip and error in every format: the text report, TAP, JUnit.
@Suite struct OutcomeReportTests {
    static func recorded(_ id: String) throws -> ScenarioRun {
        let scenario = try #require(ScenarioCorpus.scenario(id))
        return ScenarioRun(scenario: id, creation: scenario.tree.expect ?? StepOutcome(), steps: scenario.steps.compactMap(\.expect))
    }

    static let notImplemented = "tree: POST /v1/trees answered 501: navigationController is not implemented"
    static let noEvents = "step 0: POST /v1/trees/t/calls answered 200 without `events`"

    /// One scenario of each outcome, in this order: fail, skip, pass, error.
    static func report() throws -> ConformanceReport {
        var broken = try recorded("rule01-add-child-calls-will-move")
        broken.steps[1].events.removeAll()
        let skipped = ScenarioRun(scenario: "rule13-pop", creation: StepOutcome(), steps: [], skipped: notImplemented)
        var failedToAnswer = try recorded("rule14-select-same-index")
        failedToAnswer.steps = []
        failedToAnswer.error = noEvents
        return ConformanceReport.check([broken, skipped, try recorded("rule13-push"), failedToAnswer], against: ScenarioCorpus.scenarios)
    }

    @Test func countsAndVerdicts() throws {
        let report = try Self.report()
        #expect(report.results.map(\.outcome) == [.fail, .skip, .pass, .error])
        #expect(report.passed == 1 && report.failed == 1 && report.skipped == 1 && report.errors == 1)
        #expect(report.results[1].verdict == "SKIP rule13-pop: \(Self.notImplemented)")
        #expect(report.results[3].verdict == "ERROR rule14-select-same-index: \(Self.noEvents)")
        #expect(report.results[1].text.isEmpty && report.results[3].text.isEmpty)
    }

    @Test func textHasASkippedAndAnErrorsColumn() throws {
        let text = try Self.report().text
        #expect(text.contains("\nSKIP rule13-pop: \(Self.notImplemented)\nPASS rule13-push: "))
        #expect(text.contains("\n  13       1       0        1       0  UINavigationController"))
        #expect(text.contains("\n  14       0       0        0       1  UITabBarController"))
        #expect(text.hasSuffix("\n4 scenarios: 1 passed, 1 failed, 1 skipped, 1 error\n"))
    }

    @Test func tapSkipsWithTheReason() throws {
        let lines = TAPReport.text(try Self.report()).split(separator: "\n").map(String.init)
        #expect(lines.prefix(3) == ["TAP version 13", "1..4", "not ok 1 - rule01-add-child-calls-will-move (rule 1)"])
        #expect(lines.contains("ok 2 - rule13-pop (rule 13) # SKIP \(Self.notImplemented)"))
        #expect(lines.contains("ok 3 - rule13-push (rule 13)"))
        let error = try #require(lines.firstIndex(of: "not ok 4 - rule14-select-same-index (rule 14)"))
        #expect(
            lines[error...] == [
                "not ok 4 - rule14-select-same-index (rule 14)", "  ---",
                "  message: \"ERROR rule14-select-same-index: step 0: POST /v1/trees/t/calls answered 200 without `events`\"", "  ...",
                "# 4 scenarios: 1 passed, 1 failed, 1 skipped, 1 error",
            ])
    }

    @Test func junitCountsFailuresErrorsAndSkips() throws {
        let xml = JUnitReport.xml(try Self.report())
        let root = try #require(try XMLDocument(xmlString: xml).rootElement())
        #expect(["tests", "failures", "errors", "skipped"].map { root.attribute(forName: $0)?.stringValue } == ["4", "1", "1", "1"])
        #expect(try root.nodes(forXPath: "//testcase/failure").count == 1)
        let skipped = try root.nodes(forXPath: "//testcase[@name='rule13-pop']/skipped/@message").first?.stringValue
        #expect(skipped == "SKIP rule13-pop: \(Self.notImplemented)")
        let error = try root.nodes(forXPath: "//testcase[@name='rule14-select-same-index']/error/@message").first?.stringValue
        #expect(error == "ERROR rule14-select-same-index: \(Self.noEvents)")
        #expect(
            xml.contains(#"<testsuite name="rule 13: UINavigationController push, pop and setViewControllers" tests="2" failures="0" errors="0" skipped="1">"#))
    }
}
