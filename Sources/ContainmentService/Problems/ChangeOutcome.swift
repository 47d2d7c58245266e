/// What became of the change a `state_not_durable` answer refused, so a client branches on it
/// instead of parsing `detail`. Absent when the request made no change (a read not shown).
enum ChangeOutcome: String, Codable, Sendable {
    /// Not applied and never will be: retry (once restarted, when the state directory failed).
    case notApplied
    /// The commit's fate is unknown (the store's connection broke during it): read the tree
    /// before retrying.
    case inDoubt
}
