import Containment

/// Does a scenario's steps on an engine tree: the engine target and the service's
/// `POST /v1/scenarios/{id}/runs` share it, so both run a step the same way.
public enum ScenarioStepper {
    /// The time every scenario's manual clock starts at, so runs are reproducible.
    public static let startTime: Double = 1_767_225_600  // 2026-01-01T00:00:00Z

    /// The configuration `POST /v1/trees` would give `tree` on a manual clock.
    public static func configuration(_ tree: ScenarioTree, base: TreeConfiguration = TreeConfiguration()) -> TreeConfiguration {
        var configuration = base
        configuration.clock = "manual"
        configuration.onScreen = tree.onScreen ?? true
        if let size = tree.window?.size { configuration.windowSize = size }
        if let sizeClass = tree.window?.horizontalSizeClass { configuration.horizontalSizeClass = sizeClass }
        return configuration
    }

    /// Builds the tree as `POST /v1/trees` does; a refusal is the outcome's problem.
    public static func build(
        _ scenario: Scenario, id: String, base: TreeConfiguration = TreeConfiguration()
    ) -> (ContainmentTree?, StepOutcome) {
        do {
            let tree = try ContainmentTree(
                id: id, configuration: configuration(scenario.tree, base: base), root: scenario.tree.root, now: startTime)
            return (tree, StepOutcome(events: tree.creationEvents.map(TraceEvent.init)))
        } catch {
            return (nil, StepOutcome(problem: problem(error)))
        }
    }

    /// Does `action` on `tree` at `now` (advanced by clock steps); returns the raw events.
    public static func perform(_ action: StepAction, on tree: ContainmentTree, now: inout Double) -> (events: [Event], problem: TraceProblem?) {
        do {
            switch action {
            case .calls(let calls):
                return outcome(tree.perform(calls, atomic: false, now: now))
            case .window(let window):
                return outcome(tree.perform(window.calls, atomic: false, now: now))
            case .add(let add):
                return (try tree.displayContentController(add.child, in: add.parent, containerView: add.containerView, frame: add.frame, now: now), nil)
            case .remove(let remove):
                return (try tree.hideContentController(remove.child, from: remove.parent, now: now), nil)
            case .transition(let transition):
                let (_, events) = try tree.cycleFromViewController(
                    transition.from, to: transition.to, in: transition.parent, duration: transition.duration ?? 0.25,
                    options: transition.options ?? [], now: now)
                return (events, nil)
            case .advance(let seconds):
                guard seconds.isFinite, seconds >= 0 else {
                    return ([], TraceProblem(title: "Bad Request", detail: "`advance` must be a non-negative number of seconds."))
                }
                now += seconds
                return (tree.advance(to: now), nil)
            case .create(let spec):
                return (try tree.createController(spec, now: now), nil)
            case .update(let update):
                return (try tree.updateController(update.controller, update.patch, now: now), nil)
            }
        } catch {
            return ([], problem(error))
        }
    }

    private static func outcome(_ outcome: CallsOutcome) -> (events: [Event], problem: TraceProblem?) {
        (outcome.events, outcome.failure.map(problem))
    }

    /// The problem the service would answer: UIKit's exception name as title where UIKit
    /// throws, else the HTTP reason phrase of the status the service maps the kind to.
    public static func problem(_ error: ContainmentError) -> TraceProblem {
        let reason =
            switch error.kind {
            case .exception, .alreadyExists: "Conflict"
            case .notFound: "Not Found"
            case .invalidArgument: "Bad Request"
            case .limitExceeded: "Insufficient Storage"
            case .eventsGone: "Gone"
            }
        return TraceProblem(title: error.exceptionName ?? reason, detail: error.detail)
    }
}
