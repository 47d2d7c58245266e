/// A split view controller's columns and display state.
struct SplitState: Equatable, Codable {
    var primary: String?
    var secondary: String?
    /// The `.compact` column's controller: shown instead of the others while collapsed.
    var compact: String?
    var isCollapsed = false
    var isPrimaryHidden = false
    /// Collapsed: whether the secondary is the one showing (pushed onto a navigation
    /// controller primary, or shown instead of another primary).
    var secondaryOnTop = false

    /// Collapsed with a `.compact` column: its controller is the one showing.
    var showsCompactColumn: Bool { isCollapsed && compact != nil }

    /// `viewController(for:)`: the controller set for `column`.
    func controller(for column: SplitColumn) -> String? {
        switch column {
        case .primary: primary
        case .secondary: secondary
        case .compact: compact
        }
    }
}
