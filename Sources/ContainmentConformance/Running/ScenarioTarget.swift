/// Something a scenario runs against: the engine in process, or any server that speaks the
/// REST API (ours, or a runtime's adapter). One runner drives them all, so every target is
/// held to the same recorded expectations.
public protocol ScenarioTarget {
    /// Creates a fresh tree for `scenario` on a manual clock; returns its building's outcome.
    mutating func start(_ scenario: Scenario) throws(ScenarioTargetError) -> StepOutcome
    /// Does one step on the tree `start` created.
    mutating func perform(_ action: StepAction) throws(ScenarioTargetError) -> StepOutcome
    /// Drops the tree (best effort).
    mutating func finish()
}

/// A target that could not run a step at all (connection refused, a reply that is not the
/// API's): the scenario fails with this message instead of a diff.
public struct ScenarioTargetError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}
