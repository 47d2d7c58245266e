/// iOS 18's `UITabBarController.Sidebar` as a spec, a PATCH and a snapshot write it: only
/// `isHidden` is modelled (docs/uikit-rules.md, rule 14, "The sidebar").
public struct TabBarSidebar: Codable, Sendable, Equatable {
    public var isHidden: Bool

    public init(isHidden: Bool) {
        self.isHidden = isHidden
    }
}
