import ContainmentConformance
import Foundation
import FoundationXML
import Testing

/// `--write-expectations` / `--expectations`: the file, the comparison, and how TAP and JUnit
/// show what was expected.
@Suite struct ExpectationsTests {
    @Test func fileIsOneScenarioPerLineAndReadsBack() throws {
        let expectations = ConformanceExpectations(
            scenarios: ["b": .fail, "a": .pass, "c": .skip, "d": .error, "e": .fail], differences: ["b": ["missing x.willMove", "unexpected x.didMove"]])
        let bytes = try ConformanceJSON.fileBytes(expectations)
        #expect(
            String(decoding: bytes, as: UTF8.self) == """
                {
                  "format": "containment-conformance-expectations/2",
                  "scenarios": {
                    "a": "pass",
                    "b": {
                      "differences": [
                        "missing x.willMove",
                        "unexpected x.didMove"
                      ],
                      "outcome": "fail"
                    },
                    "c": "skip",
                    "d": "error",
                    "e": "fail"
                  }
                }

                """)
        #expect(try ConformanceJSON.decode(ConformanceExpectations.self, from: bytes) == expectations)
    }

    /// A file of the first format (outcomes only, no `format`) reads as expectations without differences.
    @Test func outcomeOnlyFilesAreRead() throws {
        let read = try ConformanceJSON.decode(ConformanceExpectations.self, from: Array(#"{"scenarios": {"a": "pass", "b": "fail"}}"#.utf8))
        #expect(read == ConformanceExpectations(scenarios: ["a": .pass, "b": .fail]))
    }

    @Test func unknownKeysFormatsAndOutcomesAreRefused() {
        for text in [
            #"{"scenario": {"a": "pass"}}"#, #"{"scenarios": {"a": "passed"}}"#,
            #"{"format": "containment-conformance-expectations/3", "scenarios": {}}"#,
            #"{"scenarios": {"a": {"outcome": "fail", "difference": []}}}"#,
            #"{"scenarios": {"a": {"outcome": "pass", "differences": ["missing x.willMove"]}}}"#,
        ] {
            #expect(throws: (any Error).self, "\(text)") { try ConformanceJSON.decode(ConformanceExpectations.self, from: Array(text.utf8)) }
        }
    }

    /// `rule07-added-subtree-parent-first` as recorded, with `edit` applied to each step's events.
    static func subtree(_ edit: (inout [TraceEvent]) -> Void) throws -> ScenarioRun {
        var run = try OutcomeReportTests.recorded("rule07-added-subtree-parent-first")
        edit(&run.creation.events)
        for index in run.steps.indices { edit(&run.steps[index].events) }
        return run
    }

    static func check(_ runs: ScenarioRun...) -> ConformanceReport { ConformanceReport.check(runs, against: ScenarioCorpus.scenarios) }

    static func withoutWillMove(_ events: inout [TraceEvent]) { events.removeAll { $0.callback == "willMove" } }

    /// Differences name the controller, the callback and the rule an order breaks, never a
    /// position: an unrelated event more leaves the others' lines as they were.
    @Test func differencesNameControllerCallbackAndRuleNotPosition() throws {
        let missing = Self.check(try Self.subtree(Self.withoutWillMove)).results[0]
        #expect(missing.differences == ["missing child.willMove", "missing grandchild.willMove"])
        let shifted = Self.check(
            try Self.subtree { events in
                Self.withoutWillMove(&events)
                events.insert(TraceEvent(controller: "parent", callback: "viewWillLayoutSubviews"), at: 0)
            }
        ).results[0]
        #expect(shifted.differences == ["missing child.willMove", "missing grandchild.willMove", "unexpected parent.viewWillLayoutSubviews"])
        let reordered = Self.check(
            try Self.subtree { events in
                // The grandchild told before its parent, in each step where both appear.
                guard let child = events.firstIndex(where: { $0.controller == "child" && $0.callback == "viewWillAppear" }),
                    let grandchild = events.firstIndex(where: { $0.controller == "grandchild" && $0.callback == "viewWillAppear" }), child < grandchild
                else { return }
                events.insert(events.remove(at: grandchild), at: child)
            }
        ).results[0]
        #expect(reordered.differences == ["out of order grandchild.viewWillAppear (rule 7)"])
        let otherArgs = Self.check(
            try Self.subtree { events in
                for index in events.indices where events[index].callback == "didMove" { events[index].args = ["parent": .null] }
            }
        ).results[0]
        #expect(otherArgs.differences == ["args differ child.didMove", "args differ grandchild.didMove"])
        #expect(Self.check(try OutcomeReportTests.recorded("rule07-added-subtree-parent-first")).results[0].differences.isEmpty)
    }

    /// A second bug inside an expected failure is worse (named, and a failure again in TAP);
    /// a difference fixed is better, and the ratchet records what is left.
    @Test func aNewDifferenceInAnExpectedFailureIsWorse() throws {
        let expected = ConformanceExpectations(Self.check(try Self.subtree(Self.withoutWillMove)))
        #expect(expected.differences["rule07-added-subtree-parent-first"] == ["missing child.willMove", "missing grandchild.willMove"])
        var twoBugs = Self.check(
            try Self.subtree { events in
                Self.withoutWillMove(&events)
                events.insert(TraceEvent(controller: "parent", callback: "viewWillLayoutSubviews"), at: 0)
            })
        let worse = ExpectationsComparison(expected, source: "e.json", report: twoBugs, corpus: ["rule07-added-subtree-parent-first"])
        #expect(worse.worse.map(\.newDifferences) == [["unexpected parent.viewWillLayoutSubviews"]])
        #expect(worse.toleratedOutcome(of: "rule07-added-subtree-parent-first") == nil)
        #expect(worse.ratcheted == expected)
        twoBugs.expectations = worse
        #expect(
            twoBugs.text.hasSuffix(
                """
                expectations e.json: 0 as expected, 1 worse, 0 better, 0 new
                worse: rule07-added-subtree-parent-first: fails with 1 new difference: unexpected parent.viewWillLayoutSubviews

                """))
        #expect(TAPReport.text(twoBugs).contains("\nnot ok 1 - rule07-added-subtree-parent-first (rule 7)\n"))

        let oneFixed = Self.check(try Self.subtree { $0.removeAll { $0.controller == "grandchild" && $0.callback == "willMove" } })
        let better = ExpectationsComparison(expected, source: "e.json", report: oneFixed, corpus: ["rule07-added-subtree-parent-first"])
        #expect(better.worse.isEmpty && better.better.map(\.goneDifferences) == [["missing child.willMove"]])
        #expect(better.ratcheted.differences["rule07-added-subtree-parent-first"] == ["missing grandchild.willMove"])
        #expect(
            TAPReport.text(
                {
                    var report = oneFixed; report.expectations = better; return report
                }()
            ).contains("# TODO expected fail"))
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
