import Containment
import ContainmentConformance

/// One accepted change to a tree, as the journal keeps it. The routes run their engine step
/// through `apply`, and a restore runs the journaled mutation through the same `apply` at the
/// same time, so a replay does exactly what the request did.
enum TreeMutation: Codable, Sendable {
    case createController(ControllerSpec)
    case updateController(id: String, patch: ControllerPatch)
    case deleteController(id: String)
    case displayContentController(child: String, parent: String, containerView: String?, frame: Rect?)
    case hideContentController(child: String, parent: String)
    case cycleFromViewController(from: String, to: String, parent: String, duration: Double, options: [String])
    case calls([RawCall], atomic: Bool)
    /// Time moves to `time`: a manual clock's advance, or a real clock catching up with a
    /// transition that fell due.
    case advance(to: Double)
    /// One step of a scenario run (its clock steps move the manual clock).
    case scenarioStep(StepAction)
    case tearDown

    /// What a step produced, for its route to answer with.
    struct Applied {
        var events: [Event]
        var calls: CallsOutcome?
        var transition: TransitionSnapshot?
        var stepProblem: TraceProblem?
    }

    /// Runs the mutation at `now`; `manualTime` is the tree's manual clock, which clock
    /// advances and scenario steps move.
    func apply(to tree: ContainmentTree, now: Double, manualTime: inout Double) throws(ContainmentError) -> Applied {
        switch self {
        case .createController(let spec):
            return Applied(events: try tree.createController(spec, now: now))
        case .updateController(let id, let patch):
            return Applied(events: try tree.updateController(id, patch, now: now))
        case .deleteController(let id):
            return Applied(events: try tree.deleteController(id, now: now))
        case .displayContentController(let child, let parent, let containerView, let frame):
            return Applied(events: try tree.displayContentController(child, in: parent, containerView: containerView, frame: frame, now: now))
        case .hideContentController(let child, let parent):
            return Applied(events: try tree.hideContentController(child, from: parent, now: now))
        case .cycleFromViewController(let from, let to, let parent, let duration, let options):
            let (transition, events) = try tree.cycleFromViewController(from, to: to, in: parent, duration: duration, options: options, now: now)
            return Applied(events: events, transition: transition)
        case .calls(let calls, let atomic):
            let outcome = tree.perform(calls, atomic: atomic, now: now)
            return Applied(events: outcome.events, calls: outcome)
        case .advance(let time):
            if tree.configuration.clock == TreeClock.manual.rawValue { manualTime = time }
            return Applied(events: tree.advance(to: time))
        case .scenarioStep(let action):
            var time = manualTime
            let (events, problem) = ScenarioStepper.perform(action, on: tree, now: &time)
            manualTime = time
            return Applied(events: events, stepProblem: problem)
        case .tearDown:
            return Applied(events: tree.tearDown(now: now))
        }
    }
}
