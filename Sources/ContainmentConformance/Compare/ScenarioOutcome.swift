/// How one scenario came out. Only `fail` and `error` make a run fail; `skip` is the
/// runtime saying it does not implement something yet (docs/conformance.md, "Not implemented").
public enum ScenarioOutcome: String, Codable, Sendable, CaseIterable, Comparable {
    /// Every step as UIKit does it.
    case pass
    /// The adapter answered 501, or 404/405 for a whole route: the runtime lacks a feature.
    case skip
    /// The runtime did something other than UIKit does: the diff says what.
    case fail
    /// The runtime could not be asked (no answer, a timeout, an answer that is not the API's).
    case error

    /// From worst to best, for expectations: a change towards `pass` is an improvement.
    /// Wrong behaviour is worse than a declared gap, and a broken adapter is worst.
    var rank: Int {
        switch self {
        case .error: 0
        case .fail: 1
        case .skip: 2
        case .pass: 3
        }
    }

    public static func < (lhs: ScenarioOutcome, rhs: ScenarioOutcome) -> Bool { lhs.rank < rhs.rank }
}
