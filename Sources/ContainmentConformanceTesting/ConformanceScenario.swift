import ContainmentConformance
import Testing

/// One scenario as a test argument: named by its id in test output, and identified by it, so
/// a test case keeps its identity across runs.
public struct ConformanceScenario: Sendable, Identifiable, CustomTestStringConvertible {
    public let scenario: Scenario

    public init(_ scenario: Scenario) { self.scenario = scenario }

    public var id: String { scenario.id }
    public var testDescription: String { scenario.id }
}
