/// iOS 18's `UITabBarController.Mode`: whether the tab bar controller may show its tabs as a
/// sidebar (docs/uikit-rules.md, rule 14, "The sidebar").
public enum TabBarMode: String, Codable, Sendable, CaseIterable {
    /// Apple's header: "Resolves to `tabSidebar` if any of the tab elements … is a group".
    case automatic
    case tabBar
    case tabSidebar
}
