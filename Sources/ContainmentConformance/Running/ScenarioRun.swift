/// What a target did for one scenario: the tree's building and each step, in order. Also the
/// shape of one scenario in a traces file (`containment conformance check`).
public struct ScenarioRun: Codable, Sendable, Equatable {
    public var scenario: String
    public var creation: StepOutcome
    public var steps: [StepOutcome]
    /// Why the run stopped early (the target could not do a step at all).
    public var error: String?

    public init(scenario: String, creation: StepOutcome, steps: [StepOutcome], error: String? = nil) {
        self.scenario = scenario
        self.creation = creation
        self.steps = steps
        self.error = error
    }

    /// Runs `scenario` on `target`; the tree is dropped afterwards.
    public static func run<Target: ScenarioTarget>(_ scenario: Scenario, on target: inout Target) -> ScenarioRun {
        var run = ScenarioRun(scenario: scenario.id, creation: StepOutcome(), steps: [])
        defer { target.finish() }
        do {
            run.creation = try target.start(scenario)
            guard run.creation.problem == nil else { return run }
            for step in scenario.steps {
                run.steps.append(try target.perform(step.action))
            }
        } catch {
            run.error = error.description
        }
        return run
    }
}
