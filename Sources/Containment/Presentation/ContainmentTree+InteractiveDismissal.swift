/// A sheet's swipe-down (docs/uikit-rules-presentation.md, rule 23), driven step by step like
/// the navigation controller's interactive pop. The presentation controller's delegate
/// callbacks are events on the presented controller; a programmatic `dismiss` sends none.
extension ContainmentTree {
    /// The swipe begins. `isModalInPresentation`, or a delegate answering false to
    /// `presentationControllerShouldDismiss` (`shouldDismiss`), refuses it:
    /// `presentationControllerDidAttemptToDismiss` and nothing else.
    func beginInteractiveDismissal(_ presented: String, shouldDismiss: Bool) throws(ContainmentError) {
        try checkSheetAtRest(presented)
        guard userMayDismiss(presented, shouldDismiss: shouldDismiss) else { return }
        editController(presented) { $0.presentation?.phase = .interactiveDismissal(percent: 0) }
        if nodes.window.visible {
            beginPresentationAppearance(presented, appearing: false, animated: true, transition: nil)
        }
    }

    /// A user's attempt to dismiss `presented` (a swipe, a tap outside a popover), as its
    /// presentation controller's delegate hears it: `isModalInPresentation`, or the delegate
    /// answering false to `presentationControllerShouldDismiss`, keeps it
    /// (`presentationControllerDidAttemptToDismiss`); otherwise `presentationControllerWillDismiss`.
    func userMayDismiss(_ presented: String, shouldDismiss: Bool) -> Bool {
        if nodes.controllers[existing: presented].presentationSettings.isModalInPresentation == true {
            emit(presented, "presentationControllerDidAttemptToDismiss")
            return false
        }
        emit(presented, "presentationControllerShouldDismiss", ["result": .bool(shouldDismiss)])
        guard shouldDismiss else {
            emit(presented, "presentationControllerDidAttemptToDismiss")
            return false
        }
        emit(presented, "presentationControllerWillDismiss")
        return true
    }

    /// A presented sheet the user can touch: fully presented, with nothing presented above it.
    func checkSheetAtRest(_ presented: String) throws(ContainmentError) {
        let node = nodes.controllers[existing: presented]
        guard let presentation = node.presentation else {
            throw .internalInconsistency(code: "not_presented", "\(ContainmentError.describe(presented)) is not presented")
        }
        guard presentation.style.isSheet else {
            throw .internalInconsistency(
                code: "not_a_sheet",
                "\(ContainmentError.describe(presented)) is presented as \(presentation.style.rawValue), which has no swipe to dismiss")
        }
        guard presentation.phase == .presented else {
            throw .internalInconsistency(
                code: "presentation_in_progress",
                "A presentation or dismissal of \(ContainmentError.describe(presented)) is in progress")
        }
        if let above = node.presentedViewController {
            throw .internalInconsistency(
                code: "presentation_in_progress",
                "\(ContainmentError.describe(presented)) is presenting \(ContainmentError.describe(above))")
        }
    }

    func updateInteractiveDismissal(_ presented: String, percent: Double) throws(ContainmentError) {
        _ = try interactiveDismissal(of: presented)
        editController(presented) { $0.presentation?.phase = .interactiveDismissal(percent: percent) }
    }

    /// Finished: `viewDidDisappear`, then `presentationControllerDidDismiss`, and the sheet
    /// is gone. Cancelled: `viewWillAppear`, `viewIsAppearing`, `viewDidAppear` (no
    /// `viewDidDisappear`), and the sheet stays. A sheet never covers its presenter, which
    /// hears of neither. The transition coordinator reports the interaction's end first and
    /// its completion after the appearance callbacks (docs/uikit-rules-adaptivity.md, rule 35).
    func endInteractiveDismissal(_ presented: String, finish: Bool) throws(ContainmentError) {
        let presenter = try interactiveDismissal(of: presented)
        notifyInteractionChanges(presented, cancelled: !finish)
        let began = nodes.controllers[existing: presented].appearanceDriver == .manual
        if finish {
            if began {
                endAppearanceTransition(presented)
            }
            completeAlongsideTransition(presented, cancelled: false)
            emit(presented, "presentationControllerDidDismiss")
            unlinkPresentations(of: presenter, stack: [presented])
            return
        }
        if began, nodes.window.visible, isInWindow(nodes.controllers[existing: presented].viewID) {
            beginAppearanceTransition(presented, appearing: true, animated: true, driver: .manual)
            endAppearanceTransition(presented)
        } else if began {
            // The window went away meanwhile: settle what is still in flight.
            endAppearanceTransition(presented)
        }
        editController(presented) { $0.presentation?.phase = .presented }
        completeAlongsideTransition(presented, cancelled: true)
    }

    /// The presenter of a sheet whose swipe is in progress.
    private func interactiveDismissal(of presented: String) throws(ContainmentError) -> String {
        guard let presentation = nodes.controllers[existing: presented].presentation, case .interactiveDismissal = presentation.phase else {
            throw .internalInconsistency(
                code: "no_interactive_dismissal", "No interactive dismissal of \(ContainmentError.describe(presented)) is in progress")
        }
        return presentation.presenter
    }
}
