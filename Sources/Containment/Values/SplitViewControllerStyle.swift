/// `UISplitViewController.Style`: `unspecified` is the classic interface (iOS 8's delegate:
/// `collapseSecondary`, `separateSecondary`), `doubleColumn` and `tripleColumn` the iOS 14
/// column interface (`topColumnForCollapsing`, `displayModeForExpanding`); `tripleColumn` adds
/// the supplementary column between the primary and the secondary.
public enum SplitViewControllerStyle: String, Codable, Sendable, CaseIterable {
    case unspecified
    case doubleColumn
    case tripleColumn
}
