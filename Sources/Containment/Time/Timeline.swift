/// The tree's time: the work waiting for the turn's end or for a time (`Scheduler`), and the
/// transitions that have finished (`FinishedTransitions`).
struct Timeline {
    var scheduler = Scheduler()
    var finishedTransitions = FinishedTransitions()

    /// When the earliest running transition completes.
    var nextDueTime: Double? {
        scheduler.running.values.map(\.completesAt).min()
    }
}
