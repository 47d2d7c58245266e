import Containment

/// Runs scenarios on the engine in process: what `containment conformance record` uses.
public struct EngineTarget: ScenarioTarget {
    private var tree: ContainmentTree?
    private var now = ScenarioStepper.startTime

    public init() {}

    public mutating func start(_ scenario: Scenario) throws(ScenarioTargetError) -> StepOutcome {
        now = ScenarioStepper.startTime
        let (tree, outcome) = ScenarioStepper.build(scenario, id: "conformance")
        self.tree = tree
        return outcome
    }

    public mutating func perform(_ action: StepAction) throws(ScenarioTargetError) -> StepOutcome {
        guard let tree else { throw ScenarioTargetError("the scenario's tree could not be built") }
        let (events, problem) = ScenarioStepper.perform(action, on: tree, now: &now)
        return StepOutcome(events: events.map(TraceEvent.init), problem: problem)
    }

    public mutating func finish() { tree = nil }
}
