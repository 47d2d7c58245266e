/// A running `transition(from:to:duration:options:)`.
struct TransitionRecord: Codable {
    var id: String
    var parent: String
    var from: String
    var to: String
    var duration: Double
    var options: [String]
    var startedAt: Double
    var completesAt: Double
    /// Whether the start delivered appearance callbacks (the parent forwards and is on screen).
    var forwardsAppearance: Bool
    /// What the completion block does, as raw calls (the recipe's removeFromParent/didMove).
    var completion: [RawCall]
    /// Custom containers' transitions report `transitionCompletion`; built-in containers'
    /// own transitions (push, pop, tab switch) have no such callback.
    var reportsCompletion: Bool
    /// Start order, to complete transitions due at the same time in the order they began.
    var ordinal: Int
    /// Presentations and dismissals: what their completion does instead of the above.
    var presentation: PresentationStep? = nil
    /// Every controller whose appearance this transition began, in begin order: its end
    /// reaches those it still drives wherever their views went meanwhile.
    var driven: [String]? = nil
    /// A navigation transition another push or pop overtook while it ran: its end finds the
    /// navigation controller "in an unexpected state" (docs/uikit-rules-callbacks.md, rule 41).
    var overtaken: Bool? = nil

    mutating func noteDriven(_ controller: String) {
        if driven == nil { driven = [] }
        driven!.append(controller)
    }

    func snapshot(state: TransitionSnapshot.State) -> TransitionSnapshot {
        TransitionSnapshot(
            id: id, parent: parent, from: from, to: to, duration: duration, options: options, state: state,
            startedAt: startedAt, completesAt: completesAt)
    }
}
