/// The newest finished transitions, for `GET .../transitions/{id}`. Kept apart from the
/// `Scheduler`, which the undo log saves whole: a saved copy sharing this map made every
/// completion copy all of it (up to `retention` snapshots) — most of a transition's cost.
/// Each completion is logged on its own instead (`UndoLog.Entry.transitionFinished`).
struct FinishedTransitions {
    var snapshots: [String: TransitionSnapshot] = [:]
    /// Ids oldest first; the first is evicted once there are more than `retention`.
    var order: [String] = []

    static let retention = 1000
}
