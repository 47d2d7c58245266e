/// What a runtime that can only record writes for `containment conformance check`: per
/// scenario, the events of building its tree and of each step (docs/conformance.md).
public struct TracesFile: Codable, Sendable, Equatable {
    public var runs: [ScenarioRun]

    public init(runs: [ScenarioRun]) { self.runs = runs }
}
