/// The outcome each scenario is expected to have, for a runtime that does not pass everything
/// yet, and for each expected failure what it gets wrong: its CI fails when a scenario gets
/// worse, or fails with a difference its expectation does not hold (docs/conformance.md,
/// "Expectations"). On disk (`format` 2): `{"format": "…/2", "scenarios": {"<id>": "pass" |
/// "skip" | "error" | {"outcome": "fail", "differences": [...]}, …}}`, keys sorted, a difference
/// per line, so a change is a small diff. Files without `format` (outcomes only) are still read.
public struct ConformanceExpectations: Codable, Sendable, Equatable {
    public static let format = "containment-conformance-expectations/2"

    public var scenarios: [String: ScenarioOutcome]
    /// The differences of each expected failure, where recorded (not in outcome-only files).
    public var differences: [String: [String]]

    public init(scenarios: [String: ScenarioOutcome], differences: [String: [String]] = [:]) {
        self.scenarios = scenarios
        self.differences = differences
    }

    /// Every scenario's outcome in `report`, and each failure's differences.
    public init(_ report: ConformanceReport) {
        scenarios = Dictionary(report.results.map { ($0.scenario, $0.outcome) }, uniquingKeysWith: { _, last in last })
        differences = Dictionary(
            report.results.filter { $0.outcome == .fail }.map { ($0.scenario, $0.differences) }, uniquingKeysWith: { _, last in last })
    }

    /// Unknown keys, formats and outcomes are refused: a misspelt file must not read as "expect nothing".
    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
        if let unknown = keys.first(where: { $0 != "scenarios" && $0 != "format" }) {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "unknown key \(unknown); an expectations file has only format and scenarios"))
        }
        let container = try decoder.container(keyedBy: AnyKey.self)
        if let format = try container.decodeIfPresent(String.self, forKey: AnyKey(stringValue: "format")), format != Self.format {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "format \(format); this runner reads \(Self.format) and files without a format"))
        }
        let entries = try container.decode([String: Entry].self, forKey: AnyKey(stringValue: "scenarios"))
        scenarios = entries.mapValues(\.outcome)
        differences = entries.compactMapValues(\.differences)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encode(Self.format, forKey: AnyKey(stringValue: "format"))
        let entries = scenarios.map { scenario, outcome in (scenario, Entry(outcome: outcome, differences: differences[scenario])) }
        try container.encode(Dictionary(entries, uniquingKeysWith: { _, last in last }), forKey: AnyKey(stringValue: "scenarios"))
    }

    /// A scenario's line: its outcome alone, or an object with a failure's differences.
    private struct Entry: Codable {
        var outcome: ScenarioOutcome
        var differences: [String]?

        init(outcome: ScenarioOutcome, differences: [String]?) {
            self.outcome = outcome
            self.differences = outcome == .fail ? differences : nil
        }

        init(from decoder: any Decoder) throws {
            if let outcome = try? decoder.singleValueContainer().decode(ScenarioOutcome.self) {
                self.init(outcome: outcome, differences: nil)
                return
            }
            let container = try decoder.container(keyedBy: AnyKey.self)
            if let unknown = container.allKeys.first(where: { $0.stringValue != "outcome" && $0.stringValue != "differences" }) {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: decoder.codingPath, debugDescription: "unknown key \(unknown.stringValue); a scenario has only outcome and differences"))
            }
            let outcome = try container.decode(ScenarioOutcome.self, forKey: AnyKey(stringValue: "outcome"))
            let differences = try container.decodeIfPresent([String].self, forKey: AnyKey(stringValue: "differences"))
            if differences != nil, outcome != .fail {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "differences are recorded for failures only"))
            }
            self.init(outcome: outcome, differences: differences)
        }

        func encode(to encoder: any Encoder) throws {
            guard let differences else {
                var container = encoder.singleValueContainer()
                try container.encode(outcome)
                return
            }
            var container = encoder.container(keyedBy: AnyKey.self)
            try container.encode(outcome, forKey: AnyKey(stringValue: "outcome"))
            try container.encode(differences, forKey: AnyKey(stringValue: "differences"))
        }
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
