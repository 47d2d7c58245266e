/// A split view controller's columns (`UISplitViewController.Column`).
public enum SplitColumn: String, Codable, Sendable, CaseIterable {
    case primary
    case secondary
}
