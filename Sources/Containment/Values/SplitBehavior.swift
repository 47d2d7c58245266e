/// `UISplitViewController.SplitBehavior`: how the sidebars sit against the secondary. It
/// decides which display modes the split can have (`tile`: `secondaryOnly`,
/// `oneBesideSecondary`, `twoBesideSecondary`; `overlay`: `secondaryOnly`, `oneOverSecondary`,
/// `twoOverSecondary`; `displace`: `secondaryOnly`, `oneBesideSecondary`, `twoDisplaceSecondary`).
public enum SplitBehavior: String, Codable, Sendable, CaseIterable {
    case automatic
    case tile
    case overlay
    case displace

    /// The display mode of this behavior that shows `sidebars` sidebars (0, 1 or 2).
    func displayMode(sidebars: Int) -> SplitDisplayMode {
        switch (self, sidebars) {
        case (_, 0): .secondaryOnly
        case (.overlay, 1): .oneOverSecondary
        case (_, 1): .oneBesideSecondary
        case (.overlay, _): .twoOverSecondary
        case (.displace, _): .twoDisplaceSecondary
        default: .twoBesideSecondary
        }
    }
}
