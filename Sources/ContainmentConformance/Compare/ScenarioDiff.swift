/// A whole scenario's comparison: each step's diff, a one-line verdict, and a text that
/// reads like a unified diff (expected `-`, observed `+`).
public struct ScenarioDiff: Codable, Sendable, Equatable {
    public var scenario: String
    public var rule: Int?
    public var passed: Bool
    public var verdict: String
    public var steps: [StepDiff]
    /// Why the target stopped early, when it did.
    public var error: String?
    public var text: String

    /// Compares `run` with `scenario`'s recorded expectations.
    public static func compare(_ scenario: Scenario, _ run: ScenarioRun, options: CompareOptions = CompareOptions()) -> ScenarioDiff {
        var steps = [
            EventDiff.compare(expected: scenario.tree.expect ?? StepOutcome(), observed: run.creation, step: "tree", options: options)
        ]
        for (index, step) in scenario.steps.enumerated() {
            let observed = index < run.steps.count ? run.steps[index] : nil
            steps.append(
                EventDiff.compare(
                    expected: step.expect ?? StepOutcome(), observed: observed, step: String(index), note: step.note, options: options))
        }
        return ScenarioDiff(scenario: scenario.id, rule: scenario.rule.number, steps: steps, error: run.error)
    }

    /// Compares expected and observed outcomes step by step (for `POST /v1/compare` without a
    /// scenario): step names are indices from 0.
    public static func compare(
        name: String, expected: [StepOutcome], observed: [StepOutcome], options: CompareOptions = CompareOptions()
    ) -> ScenarioDiff {
        var steps = expected.enumerated().map { index, outcome in
            EventDiff.compare(
                expected: outcome, observed: index < observed.count ? observed[index] : nil, step: String(index), options: options)
        }
        for index in expected.count..<max(expected.count, observed.count) {
            steps.append(EventDiff.compare(expected: StepOutcome(), observed: observed[index], step: String(index), options: options))
        }
        return ScenarioDiff(scenario: name, rule: nil, steps: steps, error: nil)
    }

    init(scenario: String, rule: Int?, steps: [StepDiff], error: String?) {
        self.scenario = scenario
        self.rule = rule
        self.steps = steps
        self.error = error
        passed = error == nil && steps.allSatisfy(\.passed)
        let failing = steps.compactMap { step in step.summary.map { "step \(step.step): \($0)" } }
        let matched = steps.reduce(0) { $0 + $1.matched }
        let count = steps.count { $0.step != "tree" }
        let done = (steps.first?.step == "tree" ? "tree and " : "") + "\(count) step\(count == 1 ? "" : "s")"
        if passed {
            verdict = "PASS \(scenario): \(done), \(matched) events as expected"
        } else {
            verdict = "FAIL \(scenario): " + ([error].compactMap { $0 } + failing).joined(separator: "; ")
        }
        var text = ["--- expected \(scenario)", "+++ observed \(scenario)"]
        for step in steps where !step.passed {
            text.append("@@ step \(step.step)" + (step.note.map { ": \($0)" } ?? "") + " @@")
            text += step.notRun ? ["-(not run)"] : step.lines
        }
        if let error { text.append("! \(error)") }
        self.text = passed ? "" : text.joined(separator: "\n") + "\n"
    }
}
