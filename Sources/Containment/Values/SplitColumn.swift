/// A split view controller's columns (`UISplitViewController.Column`). `supplementary` is the
/// middle column of a `tripleColumn` split; `compact` is the iOS 14 column whose controller a
/// collapsed column-style split shows instead of the others.
public enum SplitColumn: String, Codable, Sendable, CaseIterable {
    case primary
    case supplementary
    case secondary
    case compact
}
