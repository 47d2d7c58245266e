/// One row of a step's diff, as a unified diff and a side-by-side drawing both show it: an
/// event on both sides, on one, or a refusal.
public struct DiffRow: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// The same event on both sides.
        case same
        /// Expected, never observed.
        case missing
        /// Observed, never expected.
        case unexpected
        /// Where an event that came elsewhere was expected.
        case expectedHere
        /// Where that event came instead.
        case moved
        /// The same event in its place, with other args or flags.
        case differs
        /// The expected or the observed refusal, when they differ.
        case problem
    }

    public var kind: Kind
    public var expected: String?
    public var observed: String?
    /// The controller whose lane the event is drawn in (nil for a refusal or a warning).
    public var controller: String?
    /// `missing`, `came before its parent's, rule 7`, `differs: args`.
    public var note: String?

    /// The row as unified-diff lines: ` ` both, `-` expected only, `+` observed only.
    var lines: [String] {
        let suffix = note.map { "   (\($0))" } ?? ""
        switch kind {
        case .same: return [" " + (expected ?? "")]
        case .missing, .expectedHere: return ["-" + (expected ?? "") + suffix]
        case .unexpected, .moved: return ["+" + (observed ?? "") + suffix]
        case .differs: return ["-" + (expected ?? ""), "+" + (observed ?? "") + suffix]
        case .problem: return (expected.map { ["-problem " + $0] } ?? []) + (observed.map { ["+problem " + $0] } ?? [])
        }
    }
}
