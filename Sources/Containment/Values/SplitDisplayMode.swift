/// `UISplitViewController.DisplayMode` as the column interface's delegate answers it when the
/// interface expands: `secondaryOnly` hides the primary column, the others show it.
public enum SplitDisplayMode: String, Codable, Sendable, CaseIterable {
    case automatic
    case secondaryOnly
    case oneBesideSecondary
    case oneOverSecondary
}
