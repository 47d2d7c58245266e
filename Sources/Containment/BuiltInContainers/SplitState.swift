/// A split view controller's columns and display state.
struct SplitState: Equatable, Codable {
    var primary: String?
    var secondary: String?
    var isCollapsed = false
    var isPrimaryHidden = false
    /// Collapsed: whether the secondary is the one showing (pushed onto a navigation
    /// controller primary, or shown instead of another primary).
    var secondaryOnTop = false
}
