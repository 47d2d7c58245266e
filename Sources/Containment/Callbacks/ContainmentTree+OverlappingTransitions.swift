/// A push or pop while another of the same navigation controller animates
/// (docs/uikit-rules-callbacks.md, rule 41): UIKit neither queues nor refuses it. It logs
/// "nested push animation can result in corrupted navigation bar" (or "nested pop"), starts
/// the new transition from the controller the running one is bringing in, and lets both run;
/// the overtaken one's end logs "Finishing up a navigation transition in an unexpected state"
/// and ends its own sides, so the newer one's end finds the overtaken top already ended
/// ("Unbalanced calls to begin/end appearance transitions"). Sources: Cobalt #18, ChatSecure
/// #597, Hero #638, BufferedNavigationController #9, Stack Overflow question 9088465.
extension ContainmentTree {
    static let nestedPushWarning = "nested push animation can result in corrupted navigation bar"
    static let nestedPopWarning = "nested pop animation can result in corrupted navigation bar"
    static let unexpectedStateWarning =
        "Finishing up a navigation transition in an unexpected state. Navigation Bar subview tree might get corrupted."

    /// Before a stack change: a running transition of `navigation` that the change overtakes
    /// (its top changes) is marked, and the nesting logged.
    func overtakeRunningTransitions(of navigation: String, oldStack: [String], newTop: String?) {
        guard newTop != oldStack.last else { return }
        let running = time.scheduler.running.values.filter { $0.parent == navigation && $0.presentation == nil }.map(\.id)
        guard !running.isEmpty else { return }
        let pushes = newTop.map { !oldStack.contains($0) } ?? false
        warn(navigation, pushes ? Self.nestedPushWarning : Self.nestedPopWarning)
        editScheduler { scheduler in
            for id in running { scheduler.running[id]?.overtaken = true }
        }
    }

    /// Whether a finishing transition must leave its `from` view in place: a newer transition
    /// of the same container brings it back, or it is the navigation controller's top again
    /// (a pop overtook the push that covered it).
    func showsAgain(_ from: String, after record: TransitionRecord) -> Bool {
        guard record.overtaken == true else { return false }
        if time.scheduler.running.values.contains(where: { $0.parent == record.parent && $0.to == from }) { return true }
        return nodes.controllers[record.parent]?.stack?.last == from
    }
}
