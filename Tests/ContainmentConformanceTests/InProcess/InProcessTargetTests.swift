import Containment
import ContainmentConformance
import Testing

/// How the in-process target drives a `ConformanceRuntime`: turns, refusals, skips and errors
/// read as an HTTP adapter's answers are.
@Suite struct InProcessTargetTests {
    static func scenario(root: String = "root", _ steps: StepAction...) -> Scenario {
        Scenario(
            id: "scripted", title: "t", rule: RuleReference(number: 1, uikit: []), documentation: [], tags: [],
            tree: ScenarioTree(root: ControllerSpec(id: root)), steps: steps.map { ScenarioStep($0) })
    }

    static func run(_ scenario: Scenario) -> ScenarioRun {
        var target = InProcessTarget { ScriptedRuntime(recorder: $0) }
        return ScenarioRun.run(scenario, on: &target)
    }

    static func labels(_ outcome: StepOutcome) -> [String] { outcome.events.map(\.label) }

    static func call(_ receiver: String, _ method: String) -> RawCall { RawCall(receiver: receiver, method: method) }

    @Test func theTreeAndEachStepEndTheirTurn() {
        let run = Self.run(Self.scenario(.add(AddAction(parent: "root", child: "child")), .window(WindowAction(hidden: true))))
        #expect(Self.labels(run.creation) == ["root.makeTree", "runLoop.endRunLoopTurn"])
        #expect(Self.labels(run.steps[0]) == ["root.addChild", "runLoop.endRunLoopTurn"])
        #expect(Self.labels(run.steps[1]) == ["window.setHidden", "runLoop.endRunLoopTurn"])
    }

    @Test func runLoopEndsATurnInsideABatch() {
        let run = Self.run(Self.scenario(.calls([Self.call("a", "loadViewIfNeeded"), Self.call("a", "runLoop"), Self.call("b", "loadViewIfNeeded")])))
        #expect(
            Self.labels(run.steps[0]) == ["a.loadViewIfNeeded", "runLoop.endRunLoopTurn", "b.loadViewIfNeeded", "runLoop.endRunLoopTurn"])
    }

    /// The calls before the refused one stay done and the turn ends; the calls after it are not made.
    @Test func aRefusedCallKeepsTheBatchBeforeIt() {
        let run = Self.run(Self.scenario(.calls([Self.call("a", "loadViewIfNeeded"), Self.call("a", "raise"), Self.call("b", "loadViewIfNeeded")])))
        #expect(Self.labels(run.steps[0]) == ["a.loadViewIfNeeded", "a.raise", "runLoop.endRunLoopTurn"])
        #expect(run.steps[0].problem == TraceProblem(title: "NSInternalInconsistencyException", detail: "raised"))
    }

    /// Any other step is all or nothing: what the runtime recorded before refusing is dropped,
    /// and the scenario goes on.
    @Test func aRefusedStepOtherThanCallsKeepsNoEvents() {
        let run = Self.run(Self.scenario(.add(AddAction(parent: "root", child: "refused")), .calls([])))
        #expect(run.steps[0] == StepOutcome(problem: TraceProblem(title: "NSInvalidArgumentException", detail: "refused")))
        #expect(Self.labels(run.steps[1]) == ["runLoop.endRunLoopTurn"])
    }

    @Test func aRefusedTreeIsTheCreationsProblemAndNothingMoreRuns() {
        let run = Self.run(Self.scenario(root: "refused", .calls([])))
        #expect(run.creation == StepOutcome(problem: TraceProblem(title: "NSInvalidArgumentException", detail: "no")))
        #expect(run.steps.isEmpty && run.error == nil && run.skipped == nil)
    }

    /// Not implemented skips the scenario from that step; an adapter error makes it an error;
    /// a step the runtime did not implement at all is not implemented by default.
    @Test func notImplementedSkipsAndAdapterErrorsAreErrors() {
        let scenario = Self.scenario(.calls([Self.call("nav", "missing")]))
        let skipped = ConformanceReport.check([Self.run(scenario)], against: [scenario]).results[0]
        #expect(skipped.verdict == "SKIP scripted: step 0: nav.missing is not implemented")
        let broken = Self.run(Self.scenario(.calls([]), .calls([Self.call("ghost", "broken")])))
        #expect(broken.error == "step 1: ghost is not a controller of this tree")
        #expect(broken.steps.count == 1)
        #expect(Self.run(Self.scenario(.advance(1))).skipped == "step 0: the clock is not implemented")
        #expect(Self.run(Self.scenario(.create(ControllerSpec(id: "x")))).skipped == "step 0: creating controllers is not implemented")
    }

    @Test func unsupportedFieldsAreNotImplemented() {
        let spec = ControllerSpec(id: "nav", kind: .navigationController, viewControllers: [ControllerSpec(id: "list")])
        #expect(
            RuntimeError.unsupportedFields(of: spec, supported: ["id", "children"])
                == .notImplemented("ControllerSpec nav: kind, viewControllers are not implemented"))
        #expect(RuntimeError.unsupportedFields(of: spec, supported: ["id", "kind", "viewControllers"]) == nil)
    }
}
