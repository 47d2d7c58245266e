/// Work waiting for the end of the run-loop turn or for a time, plus counters. The turn's
/// lists change by logged edits (`appendToTurnList`, `takeTurnList`), since nearly every call
/// appends to them; the transitions part is saved whole by the undo log (`editScheduler`).
/// The lists hold handles: a controller deleted later in the turn is skipped, its handle
/// being stale (`NodeTable.contains`).
struct Scheduler {
    /// Controllers whose view-driven appearance transition ends at the end of the turn.
    var deferredEnds: [NodeHandle] = []
    /// Controllers that began appearing this turn (view-driven or by a transition): UIKit
    /// calls `viewIsAppearing` once their view is in the hierarchy and laid out, at the
    /// turn's end, before any animation runs.
    var pendingIsAppearing: [NodeHandle] = []
    /// Controllers whose views need `viewWillLayoutSubviews`/`viewDidLayoutSubviews`.
    var pendingLayout: [NodeHandle] = []
    /// Controllers whose isMovingTo/FromParent flags are cleared once their move settles.
    var movingFlagged: [NodeHandle] = []
    /// Page view controllers with pages awaiting their appearance (rule 42).
    var pagesAwaitingAppearance: [NodeHandle] = []
    var running: [String: TransitionRecord] = [:]
    var transitionCount = 0

    /// The lists the end of a turn works through; one bit each, for the undo log's mask.
    enum TurnList: UInt8 {
        case deferredEnds = 1
        case pendingIsAppearing = 2
        case pendingLayout = 4
        case movingFlagged = 8
        case pagesAwaitingAppearance = 16
    }

    subscript(list: TurnList) -> [NodeHandle] {
        get {
            switch list {
            case .deferredEnds: deferredEnds
            case .pendingIsAppearing: pendingIsAppearing
            case .pendingLayout: pendingLayout
            case .movingFlagged: movingFlagged
            case .pagesAwaitingAppearance: pagesAwaitingAppearance
            }
        }
        _modify {
            switch list {
            case .deferredEnds: yield &deferredEnds
            case .pendingIsAppearing: yield &pendingIsAppearing
            case .pendingLayout: yield &pendingLayout
            case .movingFlagged: yield &movingFlagged
            case .pagesAwaitingAppearance: yield &pagesAwaitingAppearance
            }
        }
    }
}
