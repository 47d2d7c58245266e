/// The result of running (or checking) a set of scenarios: each scenario's diff and a
/// summary per rule. `containment conformance run` and `check` print and export it.
public struct ConformanceReport: Sendable {
    public var results: [ScenarioDiff]
    /// What the target did for each scenario (a run's; empty for a check): a traces file's runs.
    public var runs: [ScenarioRun] = []
    /// Why the run stopped before its last scenario (transport errors in a row), if it did.
    public var stopped: String?
    /// The comparison with `--expectations`, when the command was given some.
    public var expectations: ExpectationsComparison?

    public init(results: [ScenarioDiff], stopped: String? = nil) {
        self.results = results
        self.stopped = stopped
    }

    /// How many transport errors in a row stop a run: a hung or dead adapter costs a few
    /// timeouts, not one per scenario.
    public static let defaultStopAfterTransportErrors = 3

    /// Runs each scenario on `target` and compares it with its expectations. After
    /// `stopAfterTransportErrors` scenarios in a row without an answer (0: never), the
    /// rest are not run and count as errors.
    public static func run<Target: ScenarioTarget>(
        _ scenarios: [Scenario], on target: inout Target, options: CompareOptions = CompareOptions(),
        stopAfterTransportErrors: Int = defaultStopAfterTransportErrors
    ) -> ConformanceReport {
        var results: [ScenarioDiff] = []
        var runs: [ScenarioRun] = []
        var inARow = 0
        var stopped: String?
        for scenario in scenarios {
            if let stopped {
                runs.append(ScenarioRun(scenario: scenario.id, creation: StepOutcome(), steps: [], error: "not run: \(stopped)"))
                results.append(ScenarioDiff(scenario: scenario.id, rule: scenario.rule.number, steps: [], error: "not run: \(stopped)"))
                continue
            }
            let (run, stop) = ScenarioRun.runReportingStop(scenario, on: &target)
            runs.append(run)
            results.append(ScenarioDiff.compare(scenario, run, options: options))
            inARow = stop?.kind == .transport ? inARow + 1 : 0
            if stopAfterTransportErrors > 0, inARow >= stopAfterTransportErrors {
                stopped = "the run stopped after \(inARow) transport errors in a row"
            }
        }
        var report = ConformanceReport(results: results, stopped: stopped)
        report.runs = runs
        return report
    }

    /// Compares recorded traces with the scenarios they name; a scenario without a trace is
    /// not checked, a trace naming no scenario is an error.
    public static func check(_ runs: [ScenarioRun], against scenarios: [Scenario], options: CompareOptions = CompareOptions()) -> ConformanceReport {
        let byID = Dictionary(scenarios.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return ConformanceReport(
            results: runs.map { run in
                guard let scenario = byID[run.scenario] else {
                    return ScenarioDiff(scenario: run.scenario, rule: nil, steps: [], error: "no scenario \(run.scenario) in the corpus")
                }
                return ScenarioDiff.compare(scenario, run, options: options)
            })
    }

    /// The run's exit status, as `containment conformance run` and `check` exit: 0 when every
    /// scenario passed or was skipped (held to expectations: when none got worse), 1
    /// otherwise, 2 when the run stopped early on transport errors.
    public var exitStatus: Int32 {
        if stopped != nil { return 2 }
        if let expectations { return expectations.worse.isEmpty ? 0 : 1 }
        return failed + errors == 0 ? 0 : 1
    }

    public var passed: Int { results.count { $0.outcome == .pass } }
    public var failed: Int { results.count { $0.outcome == .fail } }
    public var skipped: Int { results.count { $0.outcome == .skip } }
    public var errors: Int { results.count { $0.outcome == .error } }

    /// Counts per rule number, in rule order.
    public var perRule: [(rule: Int, counts: OutcomeCounts)] {
        let numbers = Set(results.compactMap(\.rule)).sorted()
        return numbers.map { number in (number, OutcomeCounts(results.filter { $0.rule == number })) }
    }

    /// What the command prints: one verdict per scenario, each failure's diff, the rule table,
    /// the totals, and the comparison with the expectations.
    public var text: String {
        var lines: [String] = []
        for result in results {
            lines.append(result.verdict)
            if !result.text.isEmpty { lines.append(result.text) }
        }
        lines.append("")
        lines.append("rule  passed  failed  skipped  errors  title")
        for (rule, counts) in perRule {
            let title = ConformanceRule.all.first { $0.number == rule }?.title ?? ""
            let numbers = [(counts.passed, 6), (counts.failed, 6), (counts.skipped, 7), (counts.errors, 6)]
            lines.append(([pad(String(rule), 4)] + numbers.map { pad(String($0), $1) } + [title]).joined(separator: "  "))
        }
        lines.append("")
        lines.append(
            "\(results.count) scenarios: \(passed) passed, \(failed) failed, \(skipped) skipped, \(errors) error\(errors == 1 ? "" : "s")")
        if let stopped { lines.append("\(stopped); \(results.count { $0.error?.hasPrefix("not run: ") == true }) scenarios not run") }
        if let expectations { lines += expectations.lines }
        return lines.joined(separator: "\n") + "\n"
    }

    private func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}

/// How many scenarios came out each way.
public struct OutcomeCounts: Codable, Sendable, Equatable {
    public var passed: Int
    public var failed: Int
    public var skipped: Int
    public var errors: Int
    public var total: Int

    init(_ results: [ScenarioDiff]) {
        passed = results.count { $0.outcome == .pass }
        failed = results.count { $0.outcome == .fail }
        skipped = results.count { $0.outcome == .skip }
        errors = results.count { $0.outcome == .error }
        total = results.count
    }
}
