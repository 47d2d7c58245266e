#if SwiftSource
import Containment

/// Runs a translated program on a fresh manual-clock tree and names, for every event, the
/// statements that caused it: the launch's calls by where each call's events end, overrides'
/// calls by the events' `calledFrom`, chained to the callback event that ran the override.
final class SwiftSourceRunner {
    private let program: TranslatedProgram
    private let tree: ContainmentTree
    private var now = 0.0
    private var explained: [SwiftExplainedEvent] = []
    /// The trace of the latest event of each `controller.callback`, for the events its override causes.
    private var callbackTraces: [String: [SwiftSourceLocation]] = [:]
    private var overrides: [String: [String: [LocatedCall]]] = [:]
    /// The launch's transitions with a completion block, by `parent.from.to`.
    private var transitions: [String: LocatedCall] = [:]
    /// Completion blocks of `present` and `dismiss` waiting for the event after which UIKit
    /// calls them (`controller.callback`), searched from event `from` of the next batch.
    private var waiting: [(trigger: String, call: LocatedCall, from: Int)] = []

    init(_ program: TranslatedProgram, windowSize: Size, sizeClass: SizeClass) throws(ContainmentError) {
        self.program = program
        let configuration = TreeConfiguration(windowSize: windowSize, horizontalSizeClass: sizeClass, onScreen: false, clock: "manual")
        tree = try ContainmentTree(id: "swift", configuration: configuration, now: 0)
        for controller in program.controllers { overrides[controller.id] = controller.overrides }
    }

    func run() throws(ContainmentError) -> (events: [SwiftExplainedEvent], exception: SwiftSourceException?, tree: TreeSnapshot) {
        try create()
        for turn in program.turns {
            var completions: [Int: [RawCall]] = [:]
            for (index, call) in turn.calls.enumerated() where call.call.method == "transition" && call.completion != nil {
                transitions[Self.key(call.call)] = call
                completions[index] = call.completion!.map(\.call)
            }
            if let tap = turn.calls.first(where: \.isBackButtonTap), (tree.snapshot().controllers[tap.call.receiver]?.viewControllers?.count ?? 0) < 2 {
                let place = tap.location
                let detail = "<\(tap.call.receiver)> shows only its root view controller, so its navigation bar has no back button to tap."
                return (
                    explained,
                    SwiftSourceException(name: nil, code: "no_back_button", detail: detail, line: place.line, column: place.column, trace: tap.trace),
                    tree.snapshot()
                )
            }
            let outcome = tree.perform(turn.calls.map(\.call), completions: completions, now: now)
            locate(outcome.events, calls: turn.calls, ends: outcome.callEnds ?? [], turnEnd: turn.end ?? program.end)
            if let failure = outcome.failure {
                return (explained, exception(failure, calls: turn.calls), tree.snapshot())
            }
            if let failure = runCompletions(after: outcome.events, of: turn.calls, ends: outcome.callEnds ?? []) {
                return (explained, failure, tree.snapshot())
            }
            if turn.advance > 0 {
                now += turn.advance
                if let failure = advance(at: turn.end ?? program.end) { return (explained, failure, tree.snapshot()) }
            }
        }
        // The run loop goes on turning: every running animation ends.
        var steps = 0
        while let due = tree.nextDueTime, steps < SwiftSourceLimits.maxSettlingSteps {
            now = max(now, due)
            if let failure = advance(at: program.end) { return (explained, failure, tree.snapshot()) }
            steps += 1
        }
        return (explained, nil, tree.snapshot())
    }

    /// The animations due by `now` end, then the completion blocks waiting for their events run.
    private func advance(at place: SwiftSourceLocation) -> SwiftSourceException? {
        let events = tree.advance(to: now)
        locateAnimations(events, at: place)
        return runCompletions(after: events, of: [], ends: [])
    }

    /// Every controller, detached as `UIViewController()` makes it, then the overrides of its class.
    private func create() throws(ContainmentError) {
        let byID = Dictionary(program.controllers.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        func spec(_ controller: TranslatedController) -> ControllerSpec {
            ControllerSpec(
                id: controller.id, kind: controller.kind, automaticallyForwardsAppearance: controller.propertyAnswers.automaticallyForwardsAppearance,
                statusBarSettings: controller.propertyAnswers.statusBar,
                viewControllers: controller.rootViewController.flatMap { byID[$0] }.map { [spec($0)] }, presentationSettings: controller.presentation,
                pageViewControllerSettings: PageViewControllerSettings(
                    transitionStyle: controller.pageTransitionStyle, spineLocation: controller.pageSpineLocation, isDoubleSided: controller.pageIsDoubleSided),
                answers: controller.specAnswers, tabs: controller.tabs?.map { $0.spec { byID[$0].map(spec) } })
        }
        for controller in program.controllers where !controller.isNested {
            let events = try tree.createController(spec(controller), now: now)
            for event in events {
                explained.append(SwiftExplainedEvent(event: event, source: SwiftEventSource(cause: "creation", trace: [controller.location])))
            }
        }
        for controller in program.controllers where !controller.overrides.isEmpty {
            _ = try tree.updateController(controller.id, ControllerPatch(overrides: controller.overrides.mapValues { $0.map(\.call) }), now: now)
        }
    }

    private func locate(_ events: [Event], calls: [LocatedCall], ends: [Int], turnEnd: SwiftSourceLocation) {
        var callIndex = 0
        for (index, event) in events.enumerated() {
            while callIndex < ends.count, index >= ends[callIndex] { callIndex += 1 }
            let source =
                callIndex < ends.count
                ? SwiftEventSource(cause: "statement", trace: calls[callIndex].trace) : SwiftEventSource(cause: "turnEnd", trace: [turnEnd])
            append(event, outside: source)
        }
    }

    /// Events of animations ending: a transition's own, then its completion block's.
    private func locateAnimations(_ events: [Event], at place: SwiftSourceLocation) {
        var completing: LocatedCall?
        for event in events {
            if event.calledFrom == nil, event.callback == "transitionCompletion", let controller = event.controller {
                completing = transitions[Self.key(controller, event.args["from"], event.args["to"])]
                append(event, outside: SwiftEventSource(cause: "animationEnd", trace: completing?.trace ?? [place]))
                continue
            }
            guard let completing, let block = completing.completion else {
                append(event, outside: SwiftEventSource(cause: "animationEnd", trace: [place]))
                continue
            }
            let inner = block.count == 1 ? block[0].trace : [completing.completionLocation ?? completing.location]
            append(event, outside: SwiftEventSource(cause: "completion", trace: completing.trace + inner))
        }
    }

    /// Completion blocks of `present` and `dismiss`, run as UIKit's documentation says: after
    /// `viewDidAppear(_:)` of the presented controller, or after `viewDidDisappear(_:)` of the
    /// one dismissed (the first that begins disappearing during the call), each as a run-loop
    /// turn of its own; one whose event never comes never runs. A UIKit exception stops the app.
    private func runCompletions(after events: [Event], of calls: [LocatedCall], ends: [Int]) -> SwiftSourceException? {
        var start = 0
        for (index, call) in calls.enumerated() {
            let end = ends[safe: index] ?? events.count
            defer { start = end }
            guard call.call.method != "transition", call.completion != nil else { continue }
            if call.call.method == "setViewControllers" {
                if let page = Self.lastPageAdded(by: call.call, in: events[start..<end]) { waiting.append(("\(page).didMove", call, start)) }
            } else if call.call.method == "present", case .string(let presented) = call.call.args?["viewController"] {
                waiting.append(("\(presented).viewDidAppear", call, start))
            } else if let dismissed = events[start..<end].first(where: { $0.callback == "viewWillDisappear" })?.controller {
                waiting.append(("\(dismissed).viewDidDisappear", call, start))
            }
        }
        var due: [LocatedCall] = []
        for (index, event) in events.enumerated() where event.controller != nil {
            let name = "\(event.controller!).\(event.callback ?? "")"
            if let found = waiting.firstIndex(where: { $0.trigger == name && $0.from <= index }) { due.append(waiting.remove(at: found).call) }
        }
        for index in waiting.indices { waiting[index].from = 0 }
        for call in due {
            if let failure = runCompletion(of: call) { return failure }
        }
        return nil
    }

    private func runCompletion(of call: LocatedCall) -> SwiftSourceException? {
        let block = call.completion ?? []
        let outcome = tree.perform(block.map(\.call), completions: [:], now: now)
        let ends = outcome.callEnds ?? []
        var callIndex = 0
        for (index, event) in outcome.events.enumerated() {
            while callIndex < ends.count, index >= ends[callIndex] { callIndex += 1 }
            let trace = block[safe: callIndex]?.trace ?? call.trace + [call.completionLocation ?? call.location]
            append(event, outside: SwiftEventSource(cause: "completion", trace: trace))
        }
        if let failure = outcome.failure { return exception(failure, calls: block) }
        return runCompletions(after: outcome.events, of: block, ends: ends)
    }

    /// Adds an event: an override's calls name their statements after the callback's own trace.
    private func append(_ event: Event, outside source: SwiftEventSource) {
        var located = source
        if let frame = event.calledFrom, let call = overrides[frame.controller]?[frame.callback]?[safe: frame.call] {
            let outer = callbackTraces["\(frame.controller).\(frame.callback)"] ?? source.trace
            located = SwiftEventSource(cause: "override", trace: outer + call.trace)
        }
        if let controller = event.controller, let callback = event.callback {
            callbackTraces["\(controller).\(callback)"] = located.trace
        }
        explained.append(SwiftExplainedEvent(event: event, source: located))
    }

    private func exception(_ failure: ContainmentError, calls: [LocatedCall]) -> SwiftSourceException {
        var trace = failure.callIndex.flatMap { calls[safe: $0]?.trace } ?? [program.end]
        if let frame = failure.overrideStack?.last, let call = overrides[frame.controller]?[frame.callback]?[safe: frame.call] {
            trace = (callbackTraces["\(frame.controller).\(frame.callback)"] ?? trace) + call.trace
        }
        let innermost = trace.last ?? program.end
        return SwiftSourceException(
            name: failure.exceptionName, code: failure.code, detail: failure.detail, line: innermost.line, column: innermost.column, trace: trace)
    }

    private static func key(_ call: RawCall) -> String {
        key(call.receiver, call.args?["from"], call.args?["to"])
    }

    private static func key(_ parent: String, _ from: JSONValue?, _ to: JSONValue?) -> String {
        "\(parent)|\(from.map { "\($0)" } ?? "")|\(to.map { "\($0)" } ?? "")"
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
#endif
