/// `--summary FILE`: a run's counts per rule and per tag as JSON for dashboards. The same run
/// gives the same bytes (no times, no target address; keys sorted, lists in rule and tag
/// order), so summaries kept over time diff and plot cleanly. The reference's own run of the
/// corpus, in this format, is `conformance/reference-summary.json`.
public struct ConformanceSummary: Codable, Sendable, Equatable {
    /// The format's name and version; a new version changes it.
    public var format = "containment-conformance-summary/1"
    /// How many scenarios the corpus has, chosen or not.
    public var corpus: Int
    public var selection: ScenarioSelection
    public var options: CompareOptions
    public var totals: OutcomeCounts
    public var rules: [RuleCounts]
    public var tags: [TagCounts]
    /// Each chosen scenario's outcome.
    public var scenarios: [String: ScenarioOutcome]
    /// Why the run stopped early (transport errors in a row), if it did.
    public var stopped: String?

    public struct RuleCounts: Codable, Sendable, Equatable {
        public var rule: Int
        public var title: String
        public var passed: Int
        public var failed: Int
        public var skipped: Int
        public var errors: Int
        public var total: Int
    }

    public struct TagCounts: Codable, Sendable, Equatable {
        public var tag: String
        public var passed: Int
        public var failed: Int
        public var skipped: Int
        public var errors: Int
        public var total: Int
    }

    /// `scenarios` are the chosen scenarios (for their tags); `corpus` how many there are in all.
    public init(_ report: ConformanceReport, scenarios: [Scenario], corpus: Int, selection: ScenarioSelection, options: CompareOptions) {
        self.corpus = corpus
        self.selection = selection
        self.options = options
        totals = OutcomeCounts(report.results)
        rules = report.perRule.map { rule, counts in
            RuleCounts(
                rule: rule, title: ConformanceRule.all.first { $0.number == rule }?.title ?? "", passed: counts.passed,
                failed: counts.failed, skipped: counts.skipped, errors: counts.errors, total: counts.total)
        }
        let tagsByScenario = Dictionary(scenarios.map { ($0.id, $0.tags) }, uniquingKeysWith: { first, _ in first })
        let allTags = Set(scenarios.flatMap(\.tags)).sorted()
        tags = allTags.map { tag in
            let counts = OutcomeCounts(report.results.filter { tagsByScenario[$0.scenario]?.contains(tag) == true })
            return TagCounts(
                tag: tag, passed: counts.passed, failed: counts.failed, skipped: counts.skipped, errors: counts.errors, total: counts.total)
        }
        self.scenarios = Dictionary(report.results.map { ($0.scenario, $0.outcome) }, uniquingKeysWith: { _, last in last })
        stopped = report.stopped
    }
}

extension ConformanceSummary {
    /// The reference's own run of `scenarios` (the engine, whose runs the expectations are):
    /// what `conformance/reference-summary.json` holds.
    public static func reference(_ scenarios: [Scenario]) -> ConformanceSummary {
        var target = EngineTarget()
        let report = ConformanceReport.run(scenarios, on: &target)
        return ConformanceSummary(report, scenarios: scenarios, corpus: scenarios.count, selection: ScenarioSelection(), options: CompareOptions())
    }
}
