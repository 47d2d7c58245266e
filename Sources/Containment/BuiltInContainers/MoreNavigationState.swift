/// A tab bar controller's More navigation controller (docs/uikit-rules.md, rule 14, "The More
/// navigation controller"): UIKit's own controller, not one of the tree's, so only what the
/// app can see of it is kept.
struct MoreNavigationState: Equatable, Codable {
    /// The app's controller on its stack above its list: the tab from the fifth on selected
    /// last in a compact width.
    var top: String?
    /// `selectedViewController` is the More navigation controller (`selectedIndex` is
    /// `NSNotFound`).
    var isSelected = false

    /// The id the API gives the More navigation controller of `tabBar`.
    static func id(of tabBar: String) -> String { tabBar + ".more" }
}
