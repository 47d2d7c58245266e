/// How one step's observed events differ from the expected ones. Positions are indices into
/// the step's full event lists (before any `CompareOptions` filtering), from 0.
public struct StepDiff: Codable, Sendable, Equatable {
    /// `tree` for the tree's building, else the step's index from 0.
    public var step: String
    public var note: String?
    public var matched: Int
    public var missing: [PlacedEvent]
    public var unexpected: [PlacedEvent]
    public var outOfOrder: [MovedEvent]
    public var differing: [DifferingEvent]
    public var problem: ProblemMismatch?
    /// The step was never run (the target stopped before it).
    public var notRun: Bool
    /// The step's events as a unified diff reads: ` ` same, `-` expected only, `+` observed only.
    public var lines: [String]
    /// The same, a row per event, for drawings (not encoded: `lines` is the diff's JSON).
    public var rows: [DiffRow] = []

    enum CodingKeys: String, CodingKey {
        case step, note, matched, missing, unexpected, outOfOrder, differing, problem, notRun, lines
    }

    public var passed: Bool {
        missing.isEmpty && unexpected.isEmpty && outOfOrder.isEmpty && differing.isEmpty && problem == nil && !notRun
    }

    /// `2 missing, 1 out of order`, or nil when the step passed.
    public var summary: String? {
        if notRun { return "not run" }
        var parts: [String] = []
        if !missing.isEmpty { parts.append("\(missing.count) missing") }
        if !unexpected.isEmpty { parts.append("\(unexpected.count) unexpected") }
        if !outOfOrder.isEmpty { parts.append("\(outOfOrder.count) out of order") }
        if !differing.isEmpty { parts.append("\(differing.count) differing") }
        if let problem { parts.append(problem.summary) }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}

public struct PlacedEvent: Codable, Sendable, Equatable {
    public var position: Int
    public var event: TraceEvent
}

/// An expected event that did come, but at another place in the order.
public struct MovedEvent: Codable, Sendable, Equatable {
    public var expectedPosition: Int
    public var observedPosition: Int
    public var event: TraceEvent
    /// Against what: `came before its parent's`, `came before home.viewWillDisappear`,
    /// `came after its child leaf's`.
    public var explanation: String
    /// The rule the order breaks, when the explanation is one (7: parents before children).
    public var rule: Int?
}

/// The same callback on the same controller at the same place, with other args or flags.
public struct DifferingEvent: Codable, Sendable, Equatable {
    public var expectedPosition: Int
    public var observedPosition: Int
    public var expected: TraceEvent
    public var observed: TraceEvent
    /// `args`, `isMovingToParent`, `isMovingFromParent`, `isBeingPresented`, `isBeingDismissed`.
    public var fields: [String]
}

/// The step's refusal differs: expected one and none came, came one not expected, or another.
public struct ProblemMismatch: Codable, Sendable, Equatable {
    public var expected: TraceProblem?
    public var observed: TraceProblem?

    var summary: String {
        switch (expected, observed) {
        case (.some(let expected), nil): "expected \(expected.title), none raised"
        case (nil, .some(let observed)): "unexpected \(observed.title)"
        default: "other problem"
        }
    }
}
