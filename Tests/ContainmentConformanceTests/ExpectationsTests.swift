import ContainmentConformance
import Foundation
import FoundationXML
import Testing

/// `--write-expectations` / `--expectations`: the file, the comparison, and how TAP and JUnit
/// show what was expected.
@Suite struct ExpectationsTests {
    @Test func fileIsOneScenarioPerLineAndReadsBack() throws {
        let expectations = ConformanceExpectations(scenarios: ["b": .fail, "a": .pass, "c": .skip, "d": .error])
        let bytes = try ConformanceJSON.fileBytes(expectations)
        #expect(
            String(decoding: bytes, as: UTF8.self) == """
                {
                  "scenarios": {
                    "a": "pass",
                    "b": "fail",
                    "c": "skip",
                    "d": "error"
                  }
                }

                """)
        #expect(try ConformanceJSON.decode(ConformanceExpectations.self, from: bytes) == expectations)
    }

    @Test func unknownKeysAndOutcomesAreRefused() {
        #expect(throws: (any Error).self) {
            try ConformanceJSON.decode(ConformanceExpectations.self, from: Array(#"{"scenario": {"a": "pass"}}"#.utf8))
        }
        #expect(throws: (any Error).self) {
            try ConformanceJSON.decode(ConformanceExpectations.self, from: Array(#"{"scenarios": {"a": "passed"}}"#.utf8))
        }
    }

    /// Worse, better, as expected, new and unknown; the ratchet keeps what got worse.
    @Test func comparisonAndRatchet() throws {
        let report = try OutcomeReportTests.report()  // fail, skip, pass, error
        let expected = ConformanceExpectations(scenarios: [
            "rule01-add-child-calls-will-move": .pass,  // now fail: worse
            "rule13-pop": .fail,  // now skip: better
            "rule13-push": .pass,  // as expected
            "gone-scenario": .pass,  // in no corpus
        ])
        let corpus = Set(ScenarioCorpus.scenarios.map(\.id))
        let comparison = ExpectationsComparison(expected, source: "e.json", report: report, corpus: corpus)
        #expect(comparison.worse.map(\.scenario) == ["rule01-add-child-calls-will-move"])
        #expect(comparison.better.map(\.scenario) == ["rule13-pop"])
        #expect(comparison.asExpected == 1)
        #expect(comparison.new.map(\.scenario) == ["rule14-select-same-index"])
        #expect(comparison.unknown == ["gone-scenario"])
        #expect(
            comparison.ratcheted.scenarios == [
                "rule01-add-child-calls-will-move": .pass, "rule13-pop": .skip, "rule13-push": .pass, "gone-scenario": .pass,
                "rule14-select-same-index": .error,
            ])
        var compared = report
        compared.expectations = comparison
        #expect(
            compared.text.hasSuffix(
                """
                4 scenarios: 1 passed, 1 failed, 1 skipped, 1 error
                expectations e.json: 1 as expected, 1 worse, 1 better, 1 new
                worse: rule01-add-child-calls-will-move: expected pass, got fail
                better: rule13-pop: expected fail, got skip
                new: rule14-select-same-index: error (not in the expectations)
                unknown: gone-scenario (in the expectations, not in the corpus)

                """))
    }

    /// An expected failure is TAP's `# TODO` and JUnit's `<skipped>`; a skip where a pass was
    /// expected is `not ok` and a `<failure>`.
    @Test func tapAndJUnitUnderExpectations() throws {
        var report = try OutcomeReportTests.report()  // fail, skip, pass, error
        let expected = ConformanceExpectations(scenarios: [
            "rule01-add-child-calls-will-move": .fail, "rule13-pop": .pass, "rule13-push": .fail, "rule14-select-same-index": .error,
        ])
        report.expectations = ExpectationsComparison(expected, source: "e.json", report: report, corpus: [])
        let tap = TAPReport.text(report).split(separator: "\n").map(String.init)
        #expect(tap.contains("not ok 1 - rule01-add-child-calls-will-move (rule 1) # TODO expected fail"))
        #expect(tap.contains("not ok 2 - rule13-pop (rule 13)"))
        #expect(tap.contains("  message: \"expected pass: SKIP rule13-pop: \(OutcomeReportTests.notImplemented)\""))
        #expect(tap.contains("ok 3 - rule13-push (rule 13) # TODO expected fail"))
        #expect(tap.contains("not ok 4 - rule14-select-same-index (rule 14) # TODO expected error"))
        let root = try #require(try XMLDocument(xmlString: JUnitReport.xml(report)).rootElement())
        #expect(["tests", "failures", "errors", "skipped"].map { root.attribute(forName: $0)?.stringValue } == ["4", "1", "0", "2"])
        let message = try root.nodes(forXPath: "//testcase[@name='rule01-add-child-calls-will-move']/skipped/@message").first?.stringValue
        #expect(message?.hasPrefix("expected fail: FAIL rule01-add-child-calls-will-move: step 1: ") == true)
        #expect(try root.nodes(forXPath: "//testcase[@name='rule13-pop']/failure").count == 1)
    }
}
