import ContainmentConformance
import Testing

/// One scenario judged as one test: failing exactly where the run's exit status fails.
@Suite struct ScenarioCheckTests {
    static func checks(_ expected: ConformanceExpectations?) throws -> [ScenarioCheck] {
        var report = try OutcomeReportTests.report()  // fail, skip, pass, error
        if let expected { report.expectations = ExpectationsComparison(expected, source: "e.json", report: report, corpus: []) }
        return report.results.map { ScenarioCheck($0, expectations: report.expectations) }
    }

    @Test func withoutExpectationsFailuresAndErrorsFail() throws {
        let checks = try Self.checks(nil)
        guard case .failure(let failure) = checks[0].verdict, case .failure(let error) = checks[3].verdict else {
            Issue.record("\(checks.map(\.verdict))")
            return
        }
        #expect(failure.hasPrefix("FAIL rule01-add-child-calls-will-move: step 1: ") && failure.contains("\ndifferences:\n  missing "))
        #expect(error == "ERROR rule14-select-same-index: \(OutcomeReportTests.noEvents)")
        #expect(checks[1].verdict == .skipped(OutcomeReportTests.notImplemented))
        #expect(checks[2].verdict == .passed)
        #expect(checks.allSatisfy { $0.note == nil })
    }

    /// Held to expectations: expected failures and errors are shown, not failed; what got worse
    /// fails; what got better, or is new, is a note.
    @Test func heldToExpectationsOnlyWorseFails() throws {
        let checks = try Self.checks(
            ConformanceExpectations(scenarios: ["rule01-add-child-calls-will-move": .fail, "rule13-pop": .pass, "rule13-push": .fail]))
        guard case .expectedFailure(let failure) = checks[0].verdict, case .failure(let worse) = checks[1].verdict,
            case .expectedFailure(let new) = checks[3].verdict
        else {
            Issue.record("\(checks.map(\.verdict))")
            return
        }
        #expect(failure.hasPrefix("as expected: FAIL rule01-add-child-calls-will-move: "))
        #expect(worse == "worse: rule13-pop: expected pass, got skip\nSKIP rule13-pop: \(OutcomeReportTests.notImplemented)")
        #expect(checks[2].verdict == .passed && checks[2].note == "better: rule13-push: expected fail, got pass (update the expectations to keep it)")
        #expect(new.hasPrefix("not in the expectations: ERROR rule14-select-same-index"))
        #expect(checks[3].note == "new: rule14-select-same-index: error (not in the expectations)")
    }
}
