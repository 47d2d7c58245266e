/// The result of running (or checking) a set of scenarios: each scenario's diff and a
/// summary per rule. `containment conformance run` and `check` print and export it.
public struct ConformanceReport: Sendable {
    public var results: [ScenarioDiff]

    public init(results: [ScenarioDiff]) { self.results = results }

    /// Runs each scenario on `target` and compares it with its expectations.
    public static func run<Target: ScenarioTarget>(
        _ scenarios: [Scenario], on target: inout Target, options: CompareOptions = CompareOptions()
    ) -> ConformanceReport {
        ConformanceReport(
            results: scenarios.map { scenario in
                ScenarioDiff.compare(scenario, ScenarioRun.run(scenario, on: &target), options: options)
            })
    }

    /// Compares recorded traces with the scenarios they name; a scenario without a trace is
    /// not checked, a trace naming no scenario fails.
    public static func check(_ runs: [ScenarioRun], against scenarios: [Scenario], options: CompareOptions = CompareOptions()) -> ConformanceReport {
        let byID = Dictionary(scenarios.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return ConformanceReport(
            results: runs.map { run in
                guard let scenario = byID[run.scenario] else {
                    return ScenarioDiff.compare(
                        name: run.scenario, expected: [], observed: [], options: options
                    ).failing(because: "no scenario \(run.scenario) in the corpus")
                }
                return ScenarioDiff.compare(scenario, run, options: options)
            })
    }

    public var passed: Int { results.count { $0.passed } }
    public var failed: Int { results.count - passed }

    /// Pass and fail counts per rule number, in rule order.
    public var perRule: [(rule: Int, passed: Int, failed: Int)] {
        let numbers = Set(results.compactMap(\.rule)).sorted()
        return numbers.map { number in
            let ofRule = results.filter { $0.rule == number }
            return (number, ofRule.count { $0.passed }, ofRule.count { !$0.passed })
        }
    }

    /// What the command prints: one verdict per scenario, each failure's diff, the rule table.
    public var text: String {
        var lines: [String] = []
        for result in results {
            lines.append(result.verdict)
            if !result.passed { lines.append(result.text) }
        }
        lines.append("")
        lines.append("rule  passed  failed  title")
        for row in perRule {
            let title = ConformanceRule.all.first { $0.number == row.rule }?.title ?? ""
            lines.append(pad(String(row.rule), 4) + "  " + pad(String(row.passed), 6) + "  " + pad(String(row.failed), 6) + "  " + title)
        }
        lines.append("")
        lines.append("\(results.count) scenarios: \(passed) passed, \(failed) failed")
        return lines.joined(separator: "\n") + "\n"
    }

    private func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}

extension ScenarioDiff {
    func failing(because reason: String) -> ScenarioDiff {
        ScenarioDiff(scenario: scenario, rule: rule, steps: steps, error: reason)
    }
}
