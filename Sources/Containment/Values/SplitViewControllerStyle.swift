/// `UISplitViewController.Style`: `unspecified` is the classic interface (iOS 8's delegate:
/// `collapseSecondary`, `separateSecondary`), `doubleColumn` the iOS 14 column interface
/// (`topColumnForCollapsing`, `displayModeForExpanding`).
public enum SplitViewControllerStyle: String, Codable, Sendable, CaseIterable {
    case unspecified
    case doubleColumn
}
