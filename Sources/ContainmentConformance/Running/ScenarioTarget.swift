/// Something a scenario runs against: the engine in process, any server that speaks the REST
/// API (ours, or a runtime's adapter), or a Swift runtime in process (`InProcessTarget`). One
/// runner drives them all, so every target is held to the same recorded expectations.
public protocol ScenarioTarget {
    /// Creates a fresh tree for `scenario` on a manual clock; returns its building's outcome.
    mutating func start(_ scenario: Scenario) throws(ScenarioTargetError) -> StepOutcome
    /// Does one step on the tree `start` created.
    mutating func perform(_ action: StepAction) throws(ScenarioTargetError) -> StepOutcome
    /// Drops the tree (best effort).
    mutating func finish()
}

/// A target that could not run a step at all: the scenario is skipped (the runtime does not
/// implement it) or ends in an error (no answer, or one that is not the API's) instead of a diff.
public struct ScenarioTargetError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// No HTTP answer: connection refused, a timeout, a cut answer. A run stops after a
        /// few of these in a row (`ConformanceReport.run`).
        case transport
        /// An answer that is not the API's: not JSON, a 2xx without `events`, a 4xx without a
        /// problem title, a 5xx; in process, the adapter's `RuntimeError.adapterError`.
        case protocolViolation
        /// 501 Not Implemented, or 404/405 for a route the adapter does not have; in process,
        /// `RuntimeError.notImplemented`.
        case notImplemented
    }

    public var description: String
    public var kind: Kind

    public init(_ description: String, kind: Kind = .protocolViolation) {
        self.description = description
        self.kind = kind
    }
}
