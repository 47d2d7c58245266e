/// The UIKit rules the suite checks, numbered as in docs/uikit-rules.md. The corpus must have
/// at least one scenario per rule listed here (a test fails otherwise): a rule the engine
/// gains (presentation, page view controllers) is one more entry here plus its scenarios.
public struct ConformanceRule: Sendable, Equatable {
    public var number: Int
    public var title: String
    /// The document the rule is written in.
    public var document: String

    public init(number: Int, title: String, document: String = "docs/uikit-rules.md") {
        self.number = number
        self.title = title
        self.document = document
    }

    public static let all: [ConformanceRule] = [
        ConformanceRule(number: 1, title: "addChild(_:) calls willMove(toParent:), never didMove; a child of another parent is removed first"),
        ConformanceRule(number: 2, title: "removeFromParent() calls didMove(toParent: nil), never willMove"),
        ConformanceRule(number: 3, title: "didMove(toParent:) after an add is the container's call; leaving it out does not stop appearance"),
        ConformanceRule(number: 4, title: "Hierarchy check: UIViewControllerHierarchyInconsistency when a child's view is put under the wrong controller"),
        ConformanceRule(number: 5, title: "A controller can't be a child of itself or of a descendant"),
        ConformanceRule(number: 6, title: "Appearance follows the window, not the parent link"),
        ConformanceRule(number: 7, title: "Appearance order: parent before child"),
        ConformanceRule(number: 8, title: "viewDidLoad once, the first time the view is needed"),
        ConformanceRule(number: 9, title: "Appearance states, reversal and unbalanced begin/end warnings"),
        ConformanceRule(number: 10, title: "shouldAutomaticallyForwardAppearanceMethods false: the container forwards by hand"),
        ConformanceRule(number: 11, title: "isMovingToParent / isMovingFromParent in appearance callbacks"),
        ConformanceRule(number: 12, title: "transition(from:to:duration:options:animations:completion:)"),
        ConformanceRule(number: 13, title: "UINavigationController push, pop and setViewControllers"),
        ConformanceRule(number: 14, title: "UITabBarController selection order"),
        ConformanceRule(number: 15, title: "UISplitViewController collapse and separate"),
        ConformanceRule(number: 16, title: "childForStatusBarStyle / childForStatusBarHidden"),
        ConformanceRule(number: 17, title: "preferredContentSizeDidChange(forChildContentContainer:)"),
        ConformanceRule(number: 18, title: "viewWillTransition(to:with:) and traitCollectionDidChange on window changes"),
        ConformanceRule(number: 19, title: "Who presents: the root ancestor, or the one defining the presentation context", document: presentation),
        ConformanceRule(number: 20, title: "Appearance at present and dismiss: covering and non-covering styles", document: presentation),
        ConformanceRule(number: 21, title: "isBeingPresented / isBeingDismissed, dismiss forwarding, stacks", document: presentation),
        ConformanceRule(number: 22, title: "present's exceptions and warnings", document: presentation),
        ConformanceRule(number: 23, title: "A sheet's interactive swipe-down and its delegate", document: presentation),
        ConformanceRule(number: 24, title: "UIPageViewController drives its pages' appearance; setViewControllers and its page-count check", document: pages),
        ConformanceRule(number: 25, title: "UIPageViewController interactive swipes, scroll and page curl, finished and cancelled", document: pages),
        ConformanceRule(
            number: 30, title: "show(_:sender:) and showDetailViewController(_:sender:) route through targetViewController(forAction:sender:)",
            document: adaptivity),
        ConformanceRule(
            number: 31, title: "UISplitViewController on an iPhone: the declarative build and the delegate's collapse and separate answers",
            document: adaptivity),
        ConformanceRule(
            number: 32, title: "Traits: willTransition(to:with:) before traitCollectionDidChange, overrides, presented controllers told", document: adaptivity),
        ConformanceRule(number: 33, title: "Adaptive presentations: a popover is a sheet in a compact width; adaptivePresentationStyle", document: adaptivity),
        ConformanceRule(
            number: 34, title: "Home indicator and screen edges delegate like the status bar; presented controllers take them over", document: adaptivity),
        ConformanceRule(number: 35, title: "The transition coordinator of a back swipe and a sheet's swipe-down", document: adaptivity),
        ConformanceRule(number: 36, title: "A user's tap on a tab bar item: shouldSelect, didSelect, pop to root on the selected tab", document: adaptivity),
        ConformanceRule(number: 37, title: "Scene activation states: the scene delegate's callbacks and no appearance callback", document: adaptivity),
        ConformanceRule(number: 38, title: "isMovingToParent only in an add's appear callbacks: the middle of two pushes in one turn", document: adaptivity),
        ConformanceRule(
            number: 39, title: "iOS 17's trait hierarchy: traits through the view's superview, registerForTraitChanges handlers", document: adaptivity),
        ConformanceRule(number: 40, title: "Calls made inside lifecycle callbacks run there, super first", document: callbacks),
        ConformanceRule(number: 41, title: "A transition started while another runs: both run, UIKit's nested-transition warnings", document: callbacks),
        ConformanceRule(number: 42, title: "viewIsAppearing after the superview's layout; a page set in viewDidLoad", document: callbacks),
        ConformanceRule(number: 43, title: "An orphan view inside a pushed controller gets no appearance callbacks", document: callbacks),
        ConformanceRule(
            number: 44, title: "The custom presentation style: shouldRemovePresentersView decides the presenter's appearance", document: presentation),
        ConformanceRule(number: 45, title: "Storyboard segues: shouldPerformSegue, prepare(for:sender:), embed segues", document: segues),
        ConformanceRule(number: 46, title: "Unwind segues: allowedChildrenForUnwinding, canPerformUnwindSegueAction, unwind(for:towards:)", document: segues),
        ConformanceRule(number: 47, title: "A popover needs a sourceView or a barButtonItem in a regular width: NSGenericException", document: presentation),
        ConformanceRule(number: 48, title: "A tap outside a popover: the presentation controller's delegate around its dismissal", document: presentation),
        ConformanceRule(number: 49, title: "What automatic resolves to for alert, activity, image picker and search controllers", document: presentation),
        ConformanceRule(
            number: 50, title: "A sheet's detents: the user's drag tells the delegate once, the app's own changes tell no one",
            document: presentation),
        ConformanceRule(
            number: 51, title: "A search controller: isActive presents it over its context, its delegate hears automatic presentations only",
            document: presentation),
    ]

    private static let presentation = "docs/uikit-rules-presentation.md"
    private static let pages = "docs/uikit-rules-page-view-controller.md"
    private static let adaptivity = "docs/uikit-rules-adaptivity.md"
    private static let callbacks = "docs/uikit-rules-callbacks.md"
    private static let segues = "docs/uikit-rules-segues.md"
}
