/// What most controllers never set: titles, KVO properties, status bar answers, container
/// views and the built-in containers' state. Kept out of line in `ControllerNode`, since a
/// large node makes every entry of the tree's controller table (and every undo-log copy)
/// large, and plain controllers are the bulk of big trees.
struct ControllerExtras {
    var title: String?
    var containerViews: [ContainerViewSpec] = []
    var preferredContentSize = Size(width: 0, height: 0)
    var statusBarStyle: StatusBarStyle = .default
    var statusBarHidden = false
    var childForStatusBarStyle: String?
    var childForStatusBarHidden: String?
    var properties: [String: JSONValue] = [:]
    /// Navigation, tab bar and page view controllers: `viewControllers` (stack bottom to top,
    /// tabs, or current pages).
    /// Changes at once; the child links follow when the transition completes.
    var stack: [String]?
    /// Tab bar controllers.
    var selectedIndex: Int?
    /// Navigation controllers: a back swipe in progress.
    var interactivePop: InteractivePop?
    /// Split view controllers.
    var split: SplitState?
    /// The running transition driving this controller's appearance (`AppearanceDriver`).
    var drivingTransition: String?

    // MARK: Presentation

    var modalPresentationStyle: ModalPresentationStyle = .automatic
    var definesPresentationContext = false
    var isModalInPresentation = false
    /// The controller this one presents itself (not one its ancestors present).
    var presentedViewController: String?
    /// Set while this controller is presented.
    var presentation: Presentation?
    /// What its `transitioningDelegate` answers (rule 44).
    var transitioningDelegate: TransitioningDelegate?

    // MARK: size(forChildContentContainer:)

    /// What `size(forChildContentContainer:withParentContainerSize:)` returns, by child id
    /// (`ContainmentTree+ChildContentSize.swift`); children not listed get the parent's size.
    var childContentSizes: [String: Size] = [:]

    // MARK: Page view controller
    // Its current pages are `stack` (`viewControllers`), as for navigation and tab bar controllers.

    /// `UIPageViewController.transitionStyle`.
    var transitionStyle: PageTransitionStyle?
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

    /// The storyboard segues leaving this controller (rules 45–46).
    var segues: [SegueSpec] = []
    /// Unwind actions it implements, with what `canPerformUnwindSegueAction` answers.
    var unwindActions: [String: Bool] = [:]
    /// What its `allowedChildrenForUnwinding(from:)` returns; nil: UIKit's default.
    var allowedChildrenForUnwinding: [String]?

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
