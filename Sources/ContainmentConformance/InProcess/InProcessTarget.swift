/// Runs scenarios on a `ConformanceRuntime` in process: the same `ScenarioTarget` seam as
/// `HTTPTarget`, so `ConformanceReport.run`, the expectations and every report work on it as
/// on an HTTP adapter. A fresh runtime per scenario, made by `makeRuntime` with the recorder
/// it records callbacks on.
public struct InProcessTarget<Runtime: ConformanceRuntime>: ScenarioTarget {
    private let makeRuntime: (EventRecorder) -> Runtime
    private var runtime: Runtime?
    private var recorder = EventRecorder()

    public init(_ makeRuntime: @escaping (EventRecorder) -> Runtime) { self.makeRuntime = makeRuntime }

    public mutating func start(_ scenario: Scenario) throws(ScenarioTargetError) -> StepOutcome {
        recorder = EventRecorder()
        var runtime = makeRuntime(recorder)
        self.runtime = nil
        do throws(RuntimeError) {
            try runtime.makeTree(scenario.tree)
        } catch {
            return try Self.refusal(error, events: [])
        }
        runtime.endRunLoopTurn()
        self.runtime = runtime
        return StepOutcome(events: recorder.take())
    }

    public mutating func perform(_ action: StepAction) throws(ScenarioTargetError) -> StepOutcome {
        guard var runtime else { throw ScenarioTargetError("the scenario's tree could not be built") }
        // Held outside `self` while the step runs, so a runtime that is a struct is not copied.
        self.runtime = nil
        defer { self.runtime = runtime }
        do throws(RuntimeError) {
            switch action {
            case .calls(let calls): try runtime.perform(calls)
            case .window(let window): try runtime.perform(window.calls)
            case .add(let add): try runtime.displayContentController(add)
            case .remove(let remove): try runtime.hideContentController(remove)
            case .transition(let transition): try runtime.cycleFromViewController(transition)
            case .advance(let seconds): try runtime.advanceClock(by: seconds)
            case .create(let spec): try runtime.create(spec)
            case .update(let update): try runtime.update(update.controller, with: update.patch)
            }
        } catch {
            // A batch keeps what its calls before the refused one caused; any other step is
            // all or nothing, so what the runtime recorded before refusing is dropped.
            let events = recorder.take()
            return try Self.refusal(error, events: Self.isBatch(action) ? events : [])
        }
        // A batch ended its own turns (`perform(_:)`); the other steps are one turn each.
        if !Self.isBatch(action) { runtime.endRunLoopTurn() }
        return StepOutcome(events: recorder.take())
    }

    public mutating func finish() { runtime = nil }

    private static func isBatch(_ action: StepAction) -> Bool {
        switch action {
        case .calls, .window: true
        case .add, .remove, .transition, .advance, .create, .update: false
        }
    }

    /// An exception is the step's problem; the other errors stop the scenario as the HTTP
    /// target's 501 (skipped) and broken answers (an error) do.
    private static func refusal(_ error: RuntimeError, events: [TraceEvent]) throws(ScenarioTargetError) -> StepOutcome {
        switch error {
        case .exception(let name, let reason): return StepOutcome(events: events, problem: TraceProblem(title: name, detail: reason))
        case .notImplemented(let what): throw ScenarioTargetError(what, kind: .notImplemented)
        case .adapterError(let why): throw ScenarioTargetError(why, kind: .protocolViolation)
        }
    }
}
