/// What a target did for one scenario: the tree's building and each step, in order. Also the
/// shape of one scenario in a traces file (`containment conformance check`, and what
/// `conformance run --observed` writes).
public struct ScenarioRun: Codable, Sendable, Equatable {
    public var scenario: String
    public var creation: StepOutcome
    public var steps: [StepOutcome]
    /// Why the run stopped early: the target could not be asked (the scenario is an error).
    public var error: String?
    /// Why the run stopped early: the target does not implement a step (the scenario is skipped).
    public var skipped: String?

    public init(scenario: String, creation: StepOutcome, steps: [StepOutcome], error: String? = nil, skipped: String? = nil) {
        self.scenario = scenario
        self.creation = creation
        self.steps = steps
        self.error = error
        self.skipped = skipped
    }

    /// Runs `scenario` on `target`; the tree is dropped afterwards.
    public static func run<Target: ScenarioTarget>(_ scenario: Scenario, on target: inout Target) -> ScenarioRun {
        runReportingStop(scenario, on: &target).run
    }

    /// `run`, with what stopped it early, if anything.
    static func runReportingStop<Target: ScenarioTarget>(
        _ scenario: Scenario, on target: inout Target
    ) -> (run: ScenarioRun, stop: ScenarioTargetError?) {
        var run = ScenarioRun(scenario: scenario.id, creation: StepOutcome(), steps: [])
        defer { target.finish() }
        var place = "tree"
        do {
            run.creation = try target.start(scenario)
            guard run.creation.problem == nil else { return (run, nil) }
            for step in scenario.steps {
                place = "step \(run.steps.count)"
                run.steps.append(try target.perform(step.action))
            }
        } catch {
            let reason = "\(place): \(error.description)"
            if error.kind == .notImplemented {
                run.skipped = reason
            } else {
                run.error = reason
            }
            return (run, error)
        }
        return (run, nil)
    }
}
