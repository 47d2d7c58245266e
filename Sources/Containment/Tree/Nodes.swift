/// A back swipe: `from` (the top) is disappearing, `to` (below it) appearing.
struct InteractivePop: Equatable {
    var from: String
    var to: String
    var percent: Double
}

/// A split view controller's columns and display state.
struct SplitState: Equatable {
    var primary: String?
    var secondary: String?
    var isCollapsed = false
    var isPrimaryHidden = false
    /// Collapsed: whether the secondary is the one showing (pushed onto a navigation
    /// controller primary, or shown instead of another primary).
    var secondaryOnTop = false
}

/// A view; root views have an owner, container views and the window's view do not.
/// Its id is the key it is stored under, not repeated here: views are the most numerous nodes.
struct ViewNode {
    var frame: Rect
    var superview: String?
    /// Changed only through the methods below (see `ControllerNode.children`).
    private(set) var subviews: [String] = []
    var owner: String?
    /// Whether the window is above this view; kept up to date on every superview change (a
    /// move pays for the views whose window changes, as UIKit's `didMoveToWindow` does), so
    /// asking is O(1) at any depth.
    var inWindow = false
    /// The undo log's stamp when this node was last saved (`UndoLog.stamp`).
    var undoStamp: UInt32 = 0

    init(frame: Rect, superview: String? = nil, subviews: [String] = [], owner: String? = nil, inWindow: Bool = false) {
        self.frame = frame
        self.superview = superview
        self.subviews = subviews
        self.owner = owner
        self.inWindow = inWindow
    }

    mutating func insertSubview(_ subview: String, at index: Int) { subviews.insert(subview, at: index) }
    mutating func removeSubview(at index: Int) { subviews.remove(at: index) }

    /// This node as the undo log keeps it: the subviews list is restored by its own entries.
    var withoutSubviews: ViewNode {
        var copy = self
        copy.subviews = []
        return copy
    }

    /// Restoring a saved node: the current subviews list stays, moved rather than copied.
    mutating func keepSubviews(of current: inout ViewNode) {
        swap(&subviews, &current.subviews)
    }
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
    /// Custom containers' transitions report `transitionCompletion`; built-in containers'
    /// own transitions (push, pop, tab switch) have no such callback.
    var reportsCompletion: Bool
    /// Start order, to complete transitions due at the same time in the order they began.
    var ordinal: Int

    func snapshot(state: TransitionSnapshot.State) -> TransitionSnapshot {
        TransitionSnapshot(
            id: id, parent: parent, from: from, to: to, duration: duration, options: options, state: state,
            startedAt: startedAt, completesAt: completesAt)
    }
}

/// The newest finished transitions, for `GET .../transitions/{id}`. Kept apart from the
/// `Scheduler`, which the undo log saves whole: a saved copy sharing this map made every
/// completion copy all of it (up to `retention` snapshots) — most of a transition's cost.
/// Each completion is logged on its own instead (`UndoLog.Entry.transitionFinished`).
struct FinishedTransitions {
    var snapshots: [String: TransitionSnapshot] = [:]
    /// Ids oldest first; the first is evicted once there are more than `retention`.
    var order: [String] = []

    static let retention = 1000
}

/// Work waiting for the end of the run-loop turn or for a time, plus counters. The turn's
/// lists change by logged edits (`appendToTurnList`, `takeTurnList`), since nearly every call
/// appends to them; the transitions part is saved whole by the undo log (`editScheduler`).
struct Scheduler {
    /// Controllers whose view-driven appearance transition ends at the end of the turn.
    var deferredEnds: [String] = []
    /// Controllers that began appearing this turn (view-driven or by a transition): UIKit
    /// calls `viewIsAppearing` once their view is in the hierarchy and laid out, at the
    /// turn's end, before any animation runs.
    var pendingIsAppearing: [String] = []
    /// Controllers whose views need `viewWillLayoutSubviews`/`viewDidLayoutSubviews`.
    var pendingLayout: [String] = []
    /// Controllers whose isMovingTo/FromParent flags are cleared once their move settles.
    var movingFlagged: [String] = []
    var running: [String: TransitionRecord] = [:]
    var transitionCount = 0

    /// The lists the end of a turn works through; one bit each, for the undo log's mask.
    enum TurnList: UInt8 {
        case deferredEnds = 1
        case pendingIsAppearing = 2
        case pendingLayout = 4
        case movingFlagged = 8
    }

    subscript(list: TurnList) -> [String] {
        get {
            switch list {
            case .deferredEnds: deferredEnds
            case .pendingIsAppearing: pendingIsAppearing
            case .pendingLayout: pendingLayout
            case .movingFlagged: movingFlagged
            }
        }
        _modify {
            switch list {
            case .deferredEnds: yield &deferredEnds
            case .pendingIsAppearing: yield &pendingIsAppearing
            case .pendingLayout: yield &pendingLayout
            case .movingFlagged: yield &movingFlagged
            }
        }
    }
}
