/// What most controllers never set: titles, KVO properties, status bar answers, container
/// views and the built-in containers' state. Kept out of line in `ControllerNode`, since a
/// large node makes every entry of the tree's controller table (and every undo-log copy)
/// large, and plain controllers are the bulk of big trees.
struct ControllerExtras {
    var title: String?
    var containerViews: [ContainerViewSpec] = []
    var preferredContentSize = Size(width: 0, height: 0)
    var statusBarSettings = StatusBarSettings()
    var properties: [String: JSONValue] = [:]
    /// Navigation, tab bar and page view controllers: `viewControllers` (stack bottom to top,
    /// tabs, or current pages).
    /// Changes at once; the child links follow when the transition completes.
    var stack: [String]?
    /// Tab bar controllers.
    var selectedIndex: Int?
    /// Tab bar controllers with more than five tabs: their More navigation controller.
    var more: MoreNavigationState?
    /// Tab bar controllers: `customizableViewControllers` once set; nil for its default, every
    /// tab (`setViewControllers` resets it).
    var customizableViewControllers: [String]?
    /// Tab bar controllers given iOS 18's `tabs` (rule 14, "Tabs"); nil while they use
    /// `viewControllers`. The root tabs, whose controllers are `stack`, in the same order.
    var tabs: [Tab]?
    /// Tab bar controllers: iOS 18's `mode`, `sidebar.isHidden` and `compactTabIdentifiers`
    /// once set (rule 14, "The sidebar"); nil for their defaults.
    var tabBarMode: TabBarMode?
    var sidebarIsHidden: Bool?
    var compactTabIdentifiers: [String]?
    /// Tab bar controllers: iOS 18's `isTabBarHidden` once set; nil for its default, false.
    var isTabBarHidden: Bool?
    /// Navigation controllers: a back swipe in progress.
    var interactivePop: InteractivePop?
    /// Navigation controllers with a delegate: what it was told of the top.
    var navigationDelegate: NavigationDelegateState?
    /// Split view controllers.
    var split: SplitState?
    /// The running transition driving this controller's appearance (`AppearanceDriver`).
    var drivingTransition: String?

    // MARK: Presentation

    var presentationSettings = PresentationSettings()
    /// The controller this one presents itself (not one its ancestors present).
    var presentedViewController: String?
    /// Set while this controller is presented.
    var presentation: Presentation?

    // MARK: size(forChildContentContainer:)

    /// What `size(forChildContentContainer:withParentContainerSize:)` returns, by child id
    /// (`ContainmentTree+ChildContentSize.swift`); children not listed get the parent's size.
    var childContentSizes: [String: Size] = [:]

    // MARK: Page view controller
    // Its current pages are `stack` (`viewControllers`), as for navigation and tab bar controllers.

    var pageViewControllerSettings = PageViewControllerSettings()
    /// A gesture-driven page turn in progress.
    var pageSwipe: PageSwipe?
    /// Pages set while the page view controller was not shown, whose `didMove(toParent:)`
    /// waits for it to show them or for the turn's end (docs/uikit-rules-callbacks.md, rule 42).
    var pagesAwaitingAppearance: [String] = []

    // MARK: Overrides, delegates and traits (docs/uikit-rules-adaptivity.md)

    var answers = ControllerAnswers()
    /// The traits the parent gave this child with `setOverrideTraitCollection(_:forChild:)`;
    /// dropped when the child leaves that parent.
    var overrideTraitCollection: TraitOverrides?
    /// The horizontal size class UIKit last gave it, when not the window's (traits are
    /// tracked only once an override exists, `WindowState.tracksTraits`).
    var toldSizeClass: SizeClass?

    // MARK: Segues

    /// Its own segues and an embed segue per child built with one (rules 45–46).
    var segueSettings = SegueSettings()

    // MARK: Callback overrides

    /// What the controller's overrides of UIKit's callbacks do, as raw calls, by callback
    /// name (docs/uikit-rules-callbacks.md, rule 40).
    var overrides: [String: [RawCall]] = [:]
}

/// The reference a node holds its extras through; copied before a write when shared, so
/// nodes keep value semantics (the undo log relies on saved copies never changing).
final class ControllerExtrasBox {
    var extras: ControllerExtras

    init(_ extras: ControllerExtras) {
        self.extras = extras
    }
}
