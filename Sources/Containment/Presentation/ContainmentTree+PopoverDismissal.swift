/// The user's tap outside a popover (docs/uikit-rules-presentation.md, rule 48), a window user
/// action like `setActivationState`: the presentation controller's delegate is asked, as for a
/// sheet's swipe (rule 23), and the popover is dismissed with its animation. A programmatic
/// `dismiss` sends none of these callbacks.
extension ContainmentTree {
    /// The frontmost presentation must be a popover shown in the visible window.
    /// `isModalInPresentation`, or the delegate answering false to
    /// `presentationControllerShouldDismiss` (`shouldDismiss`), keeps it:
    /// `presentationControllerDidAttemptToDismiss` and nothing else.
    func tapOutsidePopover(shouldDismiss: Bool) throws(ContainmentError) {
        guard nodes.window.visible else {
            throw ContainmentError(kind: .exception, exceptionName: nil, code: "not_on_screen", message: "the window is not visible, so nothing can be tapped")
        }
        guard let popover = frontmostPresented(), let presentation = nodes.controllers[existing: popover].presentation,
            presentation.style == .popover
        else {
            throw ContainmentError(kind: .exception, exceptionName: nil, code: "no_popover", message: "no popover is the frontmost presentation")
        }
        guard presentation.phase == .presented else {
            throw .internalInconsistency(
                code: "presentation_in_progress", "A presentation or dismissal of \(ContainmentError.describe(popover)) is in progress")
        }
        guard userMayDismiss(popover, shouldDismiss: shouldDismiss) else { return }
        dismiss(presentation.presenter, animated: true, cause: .tapOutsidePopover)
    }

    /// The presented controller whose view is frontmost in the window, if any.
    private func frontmostPresented() -> String? {
        guard let window = nodes.views.handle(WindowState.viewID) else { return nil }
        for view in nodes.views[window].subviews.reversed() {
            guard let owner = nodes.views[view].owner else { continue }
            if readController(owner, { $0.presentation != nil }) { return nodes.controllers.id(owner) }
        }
        return nil
    }
}
