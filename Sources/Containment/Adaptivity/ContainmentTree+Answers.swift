/// A PATCH of what a controller's overrides and delegates answer (docs/uikit-rules-adaptivity.md):
/// stored as given, except `traitOverrides`, whose change is a trait change (rule 32).
extension ContainmentTree {
    func applyAnswers(_ patch: ControllerAnswersPatch, to controller: String) throws(ContainmentError) {
        guard !patch.isEmpty else { return }
        let node = nodes.controllers[existing: controller]
        var updated = patch.applied(to: node.answers)
        try updated.validate(kind: node.kind, path: "")
        updated.traitOverrides = node.answers.traitOverrides
        editController(controller) { $0.answers = updated }
        if updated.navigationControllerDelegate == true, node.answers.navigationControllerDelegate != true {
            noteNavigationDelegateSet(controller)
        }
        if patch.preferredSplitBehavior != nil, node.split != nil {
            layOutSplitColumns(controller)
        }
        if case .some(let overrides) = patch.traitOverrides {
            try setTraitOverrides(overrides, of: controller)
        }
    }
}
