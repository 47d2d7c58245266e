import Containment
import ContainmentConformance

/// A runtime fixture for the in-process runner: the engine behind `ConformanceRuntime`, so it
/// does what the corpus recorded, and deliberate bugs made by leaving out what it records.
struct EngineRuntime: ConformanceRuntime {
    enum Bug: Sendable {
        /// `removeFromParent()` without `didMove(toParent: nil)`.
        case noDidMoveOnRemove
        /// `addChild(_:)` without `willMove(toParent:)` (as WinObjC).
        case noWillMove
    }

    let recorder: EventRecorder
    var bugs: Set<Bug> = []
    private var tree: ContainmentTree?
    private var now = ScenarioStepper.startTime

    init(recorder: EventRecorder, bugs: Set<Bug> = []) {
        self.recorder = recorder
        self.bugs = bugs
    }

    mutating func makeTree(_ spec: ScenarioTree) throws(RuntimeError) {
        do {
            let tree = try ContainmentTree(id: "fixture", configuration: ScenarioStepper.configuration(spec), root: spec.root, now: now)
            self.tree = tree
            record(tree.creationEvents)
        } catch {
            let problem = ScenarioStepper.problem(error)
            throw .exception(name: problem.title, reason: problem.detail)
        }
    }

    mutating func perform(_ call: RawCall) throws(RuntimeError) { try step(.calls([call])) }

    /// The engine ends each request's turns itself.
    mutating func endRunLoopTurn() {}

    mutating func perform(_ calls: [RawCall]) throws(RuntimeError) { try step(.calls(calls)) }
    mutating func create(_ spec: ControllerSpec) throws(RuntimeError) { try step(.create(spec)) }
    mutating func update(_ controller: String, with patch: ControllerPatch) throws(RuntimeError) {
        try step(.update(UpdateAction(controller: controller, patch: patch)))
    }
    mutating func displayContentController(_ add: AddAction) throws(RuntimeError) { try step(.add(add)) }
    mutating func hideContentController(_ remove: RemoveAction) throws(RuntimeError) { try step(.remove(remove)) }
    mutating func cycleFromViewController(_ transition: TransitionAction) throws(RuntimeError) { try step(.transition(transition)) }
    mutating func advanceClock(by seconds: Double) throws(RuntimeError) { try step(.advance(seconds)) }

    private mutating func step(_ action: StepAction) throws(RuntimeError) {
        guard let tree else { throw .adapterError("no tree") }
        let (events, problem) = ScenarioStepper.perform(action, on: tree, now: &now)
        record(events)
        if let problem { throw .exception(name: problem.title, reason: problem.detail) }
    }

    private func record(_ events: [Event]) {
        for event in events.map(TraceEvent.init) {
            let parent = event.args["parent"]
            if bugs.contains(.noWillMove), event.callback == "willMove", parent != .null { continue }
            if bugs.contains(.noDidMoveOnRemove), event.callback == "didMove", parent == .null { continue }
            recorder.record(event)
        }
    }
}
