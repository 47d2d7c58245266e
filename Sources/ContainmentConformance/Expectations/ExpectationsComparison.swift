/// A run's outcomes against expectations: what got worse (the run fails), what got better,
/// what the expectations do not mention yet. An expected failure is worse when it shows a
/// difference its expectation does not hold, and better when it lost some and gained none.
public struct ExpectationsComparison: Sendable {
    public struct Change: Sendable, Equatable, CustomStringConvertible {
        public var scenario: String
        public var expected: ScenarioOutcome
        public var observed: ScenarioOutcome
        /// A failure as expected: the differences it has that the expectation does not.
        public var newDifferences: [String] = []
        /// A failure as expected: the expectation's differences it no longer has.
        public var goneDifferences: [String] = []

        /// `id: expected pass, got fail`, or `id: fails with 1 new difference: missing x.willMove`.
        public var description: String {
            if expected != observed { return "\(scenario): expected \(expected.rawValue), got \(observed.rawValue)" }
            if !newDifferences.isEmpty {
                return "\(scenario): fails with \(Self.counted(newDifferences.count, "new difference")): " + newDifferences.joined(separator: "; ")
            }
            return "\(scenario): fails without \(Self.counted(goneDifferences.count, "difference")): " + goneDifferences.joined(separator: "; ")
        }

        private static func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
    }

    /// Where the expectations came from, for the report.
    public var source: String
    public var expected: ConformanceExpectations
    public var worse: [Change] = []
    public var better: [Change] = []
    public var asExpected = 0
    /// Run but not in the expectations (new in the corpus): reported, never worse.
    public var new: [(scenario: String, observed: ScenarioOutcome)] = []
    /// In the expectations but not in the corpus (renamed or removed scenarios).
    public var unknown: [String] = []
    /// What each failure run showed, for recording the differences an outcome-only file lacks.
    private var observedDifferences: [String: [String]] = [:]

    /// Compares each result of `report` with its expectation; `corpus` is every scenario id
    /// there is, to find expectations naming none.
    public init(_ expected: ConformanceExpectations, source: String, report: ConformanceReport, corpus: Set<String>) {
        self.expected = expected
        self.source = source
        for result in report.results {
            if result.outcome == .fail { observedDifferences[result.scenario] = result.differences }
            guard let wanted = expected.scenarios[result.scenario] else {
                new.append((result.scenario, result.outcome))
                continue
            }
            var change = Change(scenario: result.scenario, expected: wanted, observed: result.outcome)
            if result.outcome == .fail, wanted == .fail, let held = expected.differences[result.scenario] {
                let seen = result.differences
                change.newDifferences = seen.filter { !held.contains($0) }
                change.goneDifferences = held.filter { !seen.contains($0) }
            }
            if result.outcome < wanted || !change.newDifferences.isEmpty {
                worse.append(change)
            } else if result.outcome > wanted || !change.goneDifferences.isEmpty {
                better.append(change)
            } else {
                asExpected += 1
            }
        }
        unknown = expected.scenarios.keys.filter { !corpus.contains($0) }.sorted()
    }

    /// The outcome `scenario` may have without failing the run, if the expectations say: none
    /// for a failure with a difference they do not hold.
    public func toleratedOutcome(of scenario: String) -> ScenarioOutcome? {
        worse.contains { $0.scenario == scenario && !$0.newDifferences.isEmpty } ? nil : expected.scenarios[scenario]
    }

    /// The expectations moved on by this run where it did better, or ran a scenario they did
    /// not name, or showed what an expected failure gets wrong where they did not record it;
    /// what got worse stays expected as it was, so it keeps failing until fixed.
    public var ratcheted: ConformanceExpectations {
        var ratcheted = expected
        func record(_ scenario: String, _ observed: ScenarioOutcome) {
            ratcheted.scenarios[scenario] = observed
            ratcheted.differences[scenario] = observed == .fail ? observedDifferences[scenario] : nil
        }
        for change in better { record(change.scenario, change.observed) }
        for (scenario, observed) in new { record(scenario, observed) }
        for (scenario, outcome) in expected.scenarios where outcome == .fail && expected.differences[scenario] == nil {
            if !worse.contains(where: { $0.scenario == scenario }), ratcheted.scenarios[scenario] == .fail, let seen = observedDifferences[scenario] {
                ratcheted.differences[scenario] = seen
            }
        }
        return ratcheted
    }

    /// The report's section on the expectations.
    var lines: [String] {
        var lines = [
            "expectations \(source): \(asExpected) as expected, \(worse.count) worse, \(better.count) better, \(new.count) new"
        ]
        lines += worse.map { "worse: \($0)" }
        lines += better.map { "better: \($0)" }
        lines += new.map { "new: \($0.scenario): \($0.observed.rawValue) (not in the expectations)" }
        lines += unknown.map { "unknown: \($0) (in the expectations, not in the corpus)" }
        return lines
    }
}
