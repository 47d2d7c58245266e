/// Bounds on one call of the tree that no declaration can lift: the events it records, and
/// the walks over links (`WalkBudget`). Passing one refuses a request, as an exception inside
/// an override does, and is logged in work no request caused; either way no override runs
/// again in the call, so what is left of it is the engine's own work, bounded by the tree.
extension ContainmentTree {
    /// Refuses the call (a request) or logs that it passed a bound (work no request caused).
    func failCall(_ error: ContainmentError) {
        guard overrides.run.passBound(), !overrides.run.keepForRefusal(error) else { return }
        warn(nil, "\(error.message); no more overrides run until the next call")
    }

    /// Called as each event is recorded: the one that reaches the bound fails the call.
    func checkEventBound() {
        guard ongoing.events.count == configuration.maxEventsPerCall else { return }
        failCall(
            ContainmentError(
                kind: .limitExceeded, code: "too_many_events",
                message: "the call recorded \(configuration.maxEventsPerCall) events, the most one call on this tree may"))
    }
}
