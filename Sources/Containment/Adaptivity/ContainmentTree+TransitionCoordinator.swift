/// The transition coordinator of an interactive transition (docs/uikit-rules-adaptivity.md,
/// rule 35): a back swipe's (events on the navigation controller) or a sheet's swipe-down
/// (events on the presented controller, as its presentation controller's delegate calls are).
/// The handler an app registers with `notifyWhenInteractionChanges(_:)` runs when the user
/// lifts the finger, before the transition finishes or reverses; the completion of
/// `animate(alongsideTransition:completion:)` runs once the transition is over. Both carry the
/// context's `isCancelled`.
extension ContainmentTree {
    func notifyInteractionChanges(_ container: String, cancelled: Bool) {
        emit(container, "notifyWhenInteractionChanges", ["isCancelled": .bool(cancelled), "isInteractive": false])
    }

    func completeAlongsideTransition(_ container: String, cancelled: Bool) {
        emit(container, "animateAlongsideTransitionCompletion", ["isCancelled": .bool(cancelled)])
    }
}
