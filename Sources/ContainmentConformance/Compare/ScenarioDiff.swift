/// A whole scenario's comparison: each step's diff, a one-line verdict, and a text that
/// reads like a unified diff (expected `-`, observed `+`).
public struct ScenarioDiff: Codable, Sendable, Equatable {
    public var scenario: String
    public var rule: Int?
    public var passed: Bool
    public var verdict: String
    public var steps: [StepDiff]
    /// Why the target could not be asked (no answer, an answer that is not the API's).
    public var error: String?
    /// Why the scenario was not checked: the runtime does not implement a step.
    public var skipped: String?
    public var text: String

    /// Pass, fail, skip or error: what reports count and expectations compare.
    public var outcome: ScenarioOutcome {
        if skipped != nil { return .skip }
        if error != nil { return .error }
        return passed ? .pass : .fail
    }

    /// Compares `run` with `scenario`'s recorded expectations.
    public static func compare(_ scenario: Scenario, _ run: ScenarioRun, options: CompareOptions = CompareOptions()) -> ScenarioDiff {
        let expectations = [scenario.tree.expect ?? StepOutcome()] + scenario.steps.map { $0.expect ?? StepOutcome() }
        let context = OrderingContext(expectations: expectations)
        // A run that stopped at building its tree has no creation to compare.
        let stopped = run.error != nil || run.skipped != nil
        let creation = !stopped || !run.steps.isEmpty || run.creation.problem != nil ? run.creation : nil
        var steps = [
            EventDiff.compare(expected: expectations[0], observed: creation, step: "tree", options: options, context: context)
        ]
        for (index, step) in scenario.steps.enumerated() {
            let observed = index < run.steps.count ? run.steps[index] : nil
            steps.append(
                EventDiff.compare(
                    expected: expectations[index + 1], observed: observed, step: String(index), note: step.note, options: options,
                    context: context))
        }
        return ScenarioDiff(scenario: scenario.id, rule: scenario.rule.number, steps: steps, error: run.error, skipped: run.skipped)
    }

    /// Compares expected and observed outcomes step by step (for `POST /v1/compare` without a
    /// scenario): step names are indices from 0.
    public static func compare(
        name: String, expected: [StepOutcome], observed: [StepOutcome], options: CompareOptions = CompareOptions()
    ) -> ScenarioDiff {
        let context = OrderingContext(expectations: expected)
        var steps = expected.enumerated().map { index, outcome in
            EventDiff.compare(
                expected: outcome, observed: index < observed.count ? observed[index] : nil, step: String(index), options: options,
                context: context)
        }
        for index in expected.count..<max(expected.count, observed.count) {
            steps.append(EventDiff.compare(expected: StepOutcome(), observed: observed[index], step: String(index), options: options))
        }
        return ScenarioDiff(scenario: name, rule: nil, steps: steps, error: nil)
    }

    init(scenario: String, rule: Int?, steps: [StepDiff], error: String?, skipped: String? = nil) {
        self.scenario = scenario
        self.rule = rule
        self.steps = steps
        self.error = error
        self.skipped = skipped
        passed = error == nil && skipped == nil && steps.allSatisfy(\.passed)
        let matched = steps.reduce(0) { $0 + $1.matched }
        let count = steps.count { $0.step != "tree" }
        let done = (steps.first?.step == "tree" ? "tree and " : "") + "\(count) step\(count == 1 ? "" : "s")"
        // Steps after an error were never run: the error says why, so they are not listed.
        let failing = steps.compactMap { step in
            step.notRun && error != nil ? nil : step.summary.map { "step \(step.step): \($0)" }
        }
        if let skipped {
            verdict = "SKIP \(scenario): \(skipped)"
        } else if let error {
            verdict = "ERROR \(scenario): " + ([error] + failing).joined(separator: "; ")
        } else if passed {
            verdict = "PASS \(scenario): \(done), \(matched) events as expected"
        } else {
            verdict = "FAIL \(scenario): " + failing.joined(separator: "; ")
        }
        // Skipped: nothing to show. Errors: the diffs of the steps that ran, if any failed.
        let shown = steps.filter { !$0.passed && !($0.notRun && error != nil) }
        var text = ["--- expected \(scenario)", "+++ observed \(scenario)"]
        for step in shown {
            text.append("@@ step \(step.step)" + (step.note.map { ": \($0)" } ?? "") + " @@")
            text += step.notRun ? ["-(not run)"] : step.lines
        }
        if let error { text.append("! \(error)") }
        self.text = passed || skipped != nil || shown.isEmpty ? "" : text.joined(separator: "\n") + "\n"
    }
}
