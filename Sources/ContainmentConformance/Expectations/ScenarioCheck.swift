/// One scenario's result judged as one test, for test frameworks (the Swift Testing helper,
/// `ContainmentConformanceTesting`): what fails the test is what fails the run's exit status
/// (`ConformanceReport.exitStatus`), and the message is the report's verdict, differences and
/// diff for that scenario.
public struct ScenarioCheck: Sendable, Equatable {
    public enum Verdict: Sendable, Equatable {
        case passed
        /// The runtime does not implement a step: why.
        case skipped(String)
        /// Failed or erred as the expectations allow (or a scenario they do not name yet):
        /// shown, and the test still passes.
        case expectedFailure(String)
        /// Fails the test: a failure or an error without expectations, or worse than expected
        /// (another outcome, or a difference the expectation does not hold).
        case failure(String)
    }

    public var scenario: String
    public var verdict: Verdict
    /// Worth saying without failing: better than expected (the expectations can move on), or
    /// not in the expectations.
    public var note: String?

    /// `result`, held to `expectations` when the run has some (the comparison of a report that
    /// holds `result`).
    public init(_ result: ScenarioDiff, expectations: ExpectationsComparison?) {
        scenario = result.scenario
        let details = Self.details(result)
        let isNew = expectations?.new.contains { $0.scenario == result.scenario } == true
        if let worse = expectations?.worse.first(where: { $0.scenario == result.scenario }) {
            verdict = .failure("worse: \(worse)\n" + details)
        } else {
            switch result.outcome {
            case .pass: verdict = .passed
            case .skip: verdict = .skipped(result.skipped ?? "")
            case .fail, .error:
                guard expectations != nil else {
                    verdict = .failure(details)
                    break
                }
                verdict = .expectedFailure((isNew ? "not in the expectations: " : "as expected: ") + details)
            }
        }
        if let better = expectations?.better.first(where: { $0.scenario == result.scenario }) {
            note = "better: \(better) (update the expectations to keep it)"
        } else if isNew {
            note = "new: \(result.scenario): \(result.outcome.rawValue) (not in the expectations)"
        }
    }

    /// The verdict line, the differences (docs/conformance.md, 3.1) and the diff.
    static func details(_ result: ScenarioDiff) -> String {
        var lines = [result.verdict]
        let differences = result.differences
        if result.outcome == .fail, !differences.isEmpty { lines += ["differences:"] + differences.map { "  " + $0 } }
        if !result.text.isEmpty { lines.append(String(result.text.dropLast())) }
        return lines.joined(separator: "\n")
    }
}
