/// The outcome each scenario is expected to have, for a runtime that does not pass everything
/// yet: its CI fails only when a scenario gets worse (docs/conformance.md, "Expectations").
/// On disk: `{"scenarios": {"<id>": "pass" | "fail" | "skip" | "error", …}}`, one scenario per
/// line in id order, so a change of outcome is a one-line diff.
public struct ConformanceExpectations: Codable, Sendable, Equatable {
    public var scenarios: [String: ScenarioOutcome]

    public init(scenarios: [String: ScenarioOutcome]) { self.scenarios = scenarios }

    /// Every scenario's outcome in `report`.
    public init(_ report: ConformanceReport) {
        scenarios = Dictionary(report.results.map { ($0.scenario, $0.outcome) }, uniquingKeysWith: { _, last in last })
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case scenarios }

    /// Unknown keys are refused: a misspelt file must not read as "expect nothing".
    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
        if let unknown = keys.first(where: { CodingKeys(rawValue: $0) == nil }) {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "unknown key \(unknown); an expectations file has only scenarios"))
        }
        scenarios = try decoder.container(keyedBy: CodingKeys.self).decode([String: ScenarioOutcome].self, forKey: .scenarios)
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

/// A run's outcomes against expectations: what got worse (the run fails), what got better,
/// what the expectations do not mention yet.
public struct ExpectationsComparison: Sendable {
    public struct Change: Sendable, Equatable {
        public var scenario: String
        public var expected: ScenarioOutcome
        public var observed: ScenarioOutcome
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

    /// Compares each result of `report` with its expectation; `corpus` is every scenario id
    /// there is, to find expectations naming none.
    public init(_ expected: ConformanceExpectations, source: String, report: ConformanceReport, corpus: Set<String>) {
        self.expected = expected
        self.source = source
        for result in report.results {
            guard let wanted = expected.scenarios[result.scenario] else {
                new.append((result.scenario, result.outcome))
                continue
            }
            let change = Change(scenario: result.scenario, expected: wanted, observed: result.outcome)
            if result.outcome < wanted {
                worse.append(change)
            } else if result.outcome > wanted {
                better.append(change)
            } else {
                asExpected += 1
            }
        }
        unknown = expected.scenarios.keys.filter { !corpus.contains($0) }.sorted()
    }

    /// The outcome `scenario` is expected to have, if the expectations say.
    public func outcome(of scenario: String) -> ScenarioOutcome? { expected.scenarios[scenario] }

    /// The expectations moved on by this run where it did better, or ran a scenario they did
    /// not name; what got worse stays expected as it was, so it keeps failing until fixed.
    public var ratcheted: ConformanceExpectations {
        var scenarios = expected.scenarios
        for change in better { scenarios[change.scenario] = change.observed }
        for (scenario, observed) in new { scenarios[scenario] = observed }
        return ConformanceExpectations(scenarios: scenarios)
    }

    /// The report's section on the expectations.
    var lines: [String] {
        var lines = [
            "expectations \(source): \(asExpected) as expected, \(worse.count) worse, \(better.count) better, \(new.count) new"
        ]
        lines += worse.map { "worse: \($0.scenario): expected \($0.expected.rawValue), got \($0.observed.rawValue)" }
        lines += better.map { "better: \($0.scenario): expected \($0.expected.rawValue), got \($0.observed.rawValue)" }
        lines += new.map { "new: \($0.scenario): \($0.observed.rawValue) (not in the expectations)" }
        lines += unknown.map { "unknown: \($0) (in the expectations, not in the corpus)" }
        return lines
    }
}
