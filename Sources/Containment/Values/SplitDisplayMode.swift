/// `UISplitViewController.DisplayMode`: which sidebars (the primary, and a `tripleColumn`
/// split's supplementary) show beside, over or displacing the secondary. The `two…` modes are
/// a `tripleColumn` split's only.
public enum SplitDisplayMode: String, Codable, Sendable, CaseIterable {
    case automatic
    case secondaryOnly
    case oneBesideSecondary
    case oneOverSecondary
    case twoBesideSecondary
    case twoOverSecondary
    case twoDisplaceSecondary

    /// How many sidebars the mode shows (`automatic` lets the split decide: both).
    var sidebars: Int {
        switch self {
        case .secondaryOnly: 0
        case .oneBesideSecondary, .oneOverSecondary: 1
        case .automatic, .twoBesideSecondary, .twoOverSecondary, .twoDisplaceSecondary: 2
        }
    }
}
