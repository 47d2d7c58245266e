/// A sheet's detents (docs/uikit-rules-presentation.md, rule 50): the user's drag to another
/// detent tells the sheet presentation controller's delegate; a change the app makes
/// (`animateChanges`, a PATCH) tells no one. Neither is an appearance change.
extension ContainmentTree {
    /// The user drags the sheet and releases it at `detent`: it becomes the selected detent,
    /// then `sheetPresentationControllerDidChangeSelectedDetentIdentifier`, once; at the detent
    /// it rests at, nothing. nil: released below the smallest detent, which is rule 23's
    /// swipe-down begun and finished (`shouldDismiss`: the delegate's answer).
    func dragSheet(_ presented: String, to detent: SheetDetentIdentifier?, shouldDismiss: Bool, field: String) throws(ContainmentError) {
        try checkSheetAtRest(presented)
        let node = nodes.controllers[existing: presented]
        guard node.isViewLoaded, isOnScreen(node.viewID) else {
            throw ContainmentError(
                kind: .exception, exceptionName: nil, code: "not_on_screen",
                message: "\(ContainmentError.describe(presented)) is not on screen, so it cannot be dragged")
        }
        guard let detent else {
            try beginInteractiveDismissal(presented, shouldDismiss: shouldDismiss)
            if case .interactiveDismissal = nodes.controllers[existing: presented].presentation?.phase {
                try endInteractiveDismissal(presented, finish: true)
            }
            return
        }
        let sheet = node.presentationSettings.sheetPresentationController ?? SheetPresentationSettings()
        guard sheet.resolved.detents?.contains(detent) == true else {
            throw .invalidArgument(field: field, "\(detent.rawValue) is not one of the sheet's detents")
        }
        guard detent != sheet.currentDetent else { return }
        editController(presented) {
            $0.presentationSettings.sheetPresentationController = SheetPresentationSettingsPatch(selectedDetentIdentifier: detent).applied(to: sheet)
        }
        emit(presented, "sheetPresentationControllerDidChangeSelectedDetentIdentifier")
    }

    /// `sheetPresentationController.animateChanges { … }` with `changes` made inside: the
    /// state changes and nothing is sent. On a controller whose style is no sheet, Swift's
    /// `sheetPresentationController` is nil; the engine refuses the call to say so.
    func animateSheetChanges(_ controller: String, _ changes: SheetPresentationSettingsPatch, prefix: String) throws(ContainmentError) {
        let node = nodes.controllers[existing: controller]
        guard hasSheetPresentationController(node) else {
            let style = node.presentation?.style ?? (node.presentationSettings.modalPresentationStyle ?? .automatic)
            throw .internalInconsistency(
                code: "not_a_sheet", "\(ContainmentError.describe(controller))'s style is \(style.rawValue), so its sheetPresentationController is nil")
        }
        let changed = changes.applied(to: node.presentationSettings.sheetPresentationController)
        try changed.validate(prefix: prefix)
        editController(controller) { $0.presentationSettings.sheetPresentationController = changed }
    }

    /// Whether `sheetPresentationController` is non-nil: a sheet style asked for (or
    /// `automatic`), or a popover shown as a sheet (its `adaptiveSheetPresentationController`).
    func hasSheetPresentationController(_ node: ControllerNode) -> Bool {
        node.presentation?.style.isSheet ?? (node.presentationSettings.modalPresentationStyle ?? .automatic).isSheet
    }

    /// A sheet's fields while it is presented as one: UIKit's defaults where not declared, and
    /// the detent it rests at as `selectedDetentIdentifier`.
    static func presentedSheetSnapshot(_ declared: SheetPresentationSettings?) -> SheetPresentationSettings {
        var shown = (declared ?? SheetPresentationSettings()).resolved
        shown.selectedDetentIdentifier = shown.currentDetent
        return shown
    }
}
