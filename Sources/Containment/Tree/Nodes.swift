/// Who will end a controller's current appearance transition: UIKit ends view-driven ones
/// at the end of the run-loop turn, transition-driven ones when the animation completes, and
/// manually forwarded ones when the container calls `endAppearanceTransition()`.
enum AppearanceDriver: Equatable {
    case turn
    case manual
    case transition(String)
}

/// A view controller's state inside the engine.
struct ControllerNode {
    let id: String
    var kind: ControllerKind
    var title: String?
    var parent: String?
    var children: [String] = []
    var isViewLoaded = false
    var containerViews: [ContainerViewSpec] = []
    var appearance: AppearanceState = .disappeared
    var appearanceDriver: AppearanceDriver?
    /// `viewIsAppearing` already delivered in the current appearing transition.
    var sentIsAppearing = false
    /// The `animated` flag of the transition in progress, repeated in its "did" callbacks.
    var appearanceAnimated = false
    var isMovingToParent = false
    var isMovingFromParent = false
    var needsLayout = false
    var automaticallyForwardsAppearance = true
    var preferredContentSize = Size(width: 0, height: 0)
    var statusBarStyle: StatusBarStyle = .default
    var statusBarHidden = false
    var childForStatusBarStyle: String?
    var childForStatusBarHidden: String?
    var properties: [String: JSONValue] = [:]
    /// Tab bar controllers.
    var selectedIndex: Int?
    /// Split view controllers.
    var split: SplitState?

    var viewID: String { ControllerNode.viewID(of: id) }

    static func viewID(of controller: String) -> String { controller + ".view" }
}

/// A split view controller's columns and display state.
struct SplitState: Equatable {
    var primary: String?
    var secondary: String?
    var isCollapsed = false
    var isPrimaryHidden = false
}

/// A view; root views have an owner, container views and the window's view do not.
struct ViewNode {
    let id: String
    var frame: Rect
    var superview: String?
    var subviews: [String] = []
    var owner: String?
}

/// The tree's one window.
struct WindowState: Equatable {
    static let viewID = "window"

    var size: Size
    var horizontalSizeClass: SizeClass
    var visible = false
    var rootViewController: String?
}

/// A running `transition(from:to:duration:options:)`.
struct TransitionRecord {
    var id: String
    var parent: String
    var from: String
    var to: String
    var duration: Double
    var options: [String]
    var startedAt: Double
    var completesAt: Double
    /// Whether the start delivered appearance callbacks (the parent forwards and is on screen).
    var forwardsAppearance: Bool
    /// What the completion block does, as raw calls (the recipe's removeFromParent/didMove).
    var completion: [RawCall]
    /// Start order, to complete transitions due at the same time in the order they began.
    var ordinal: Int

    func snapshot(state: TransitionSnapshot.State) -> TransitionSnapshot {
        TransitionSnapshot(
            id: id, parent: parent, from: from, to: to, duration: duration, options: options, state: state,
            startedAt: startedAt, completesAt: completesAt)
    }
}

/// Work waiting for the end of the run-loop turn or for a time, plus counters; saved whole by
/// the undo log since it is small between calls.
struct Scheduler {
    /// Controllers whose view-driven appearance transition ends at the end of the turn.
    var deferredEnds: [String] = []
    /// Controllers whose views need `viewWillLayoutSubviews`/`viewDidLayoutSubviews`.
    var pendingLayout: [String] = []
    /// Controllers whose isMovingTo/FromParent flags are cleared once their move settles.
    var movingFlagged: [String] = []
    var running: [String: TransitionRecord] = [:]
    var finished: [String: TransitionSnapshot] = [:]
    var finishedOrder: [String] = []
    var transitionCount = 0

    static let finishedRetention = 1000
}
