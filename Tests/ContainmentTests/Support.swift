import Foundation
import Testing

@testable import Containment

/// A fixed instant so event times are reproducible.
let t0 = 1_795_000_000.0

/// Events as compact lines: `map.willMove(root)`, `map.viewWillAppear`, `warning(map): …`.
func trace(_ events: [Event]) -> [String] {
    events.map { event in
        let controller = event.controller ?? "-"
        if let warning = event.warning { return "warning(\(controller)): \(warning)" }
        let callback = event.callback ?? "?"
        switch callback {
        case "willMove", "didMove":
            return "\(controller).\(callback)(\(event.args["parent"]?.stringValue ?? "nil"))"
        default:
            return "\(controller).\(callback)"
        }
    }
}

/// Only appearance callbacks and willMove/didMove: what the rules talk about.
func containment(_ events: [Event]) -> [String] {
    trace(
        events.filter { event in
            guard let callback = event.callback else { return true }
            return !["loadView", "viewDidLoad", "viewWillLayoutSubviews", "viewDidLayoutSubviews"].contains(callback)
        })
}

/// How many random inputs a property test draws: `count` in the suite (quick enough for
/// every run), times `PROPERTY_TEST_SCALE` for a soak (`PROPERTY_TEST_SCALE=100 swift test
/// --filter PropertyTests`; docs/uikit-rules.md, "Tests"). An unset, non-numeric or
/// non-positive scale counts as 1.
func propertyTestCount(_ count: Int) -> Int {
    let scale = ProcessInfo.processInfo.environment["PROPERTY_TEST_SCALE"].flatMap { Int($0) } ?? 1
    return count * max(scale, 1)
}

func call(_ receiver: String, _ method: String, _ args: [String: JSONValue] = [:]) -> RawCall {
    RawCall(receiver: receiver, method: method, args: args.isEmpty ? nil : args)
}

/// A window showing `root` (with its root view loaded and appeared), plus detached plain
/// controllers named `others`.
func visibleTree(
    root: ControllerSpec = ControllerSpec(id: "root"), others: [String] = [], configuration: TreeConfiguration = TreeConfiguration()
) throws -> ContainmentTree {
    let tree = try ContainmentTree(id: "test", configuration: configuration, root: root, now: t0)
    for other in others {
        _ = try tree.createController(ControllerSpec(id: other), now: t0)
    }
    return tree
}

extension ContainmentTree {
    /// Runs calls non-atomically and fails the test if one is refused.
    func run(_ calls: [RawCall], now: Double = t0, sourceLocation: SourceLocation = #_sourceLocation) -> [Event] {
        let outcome = perform(calls, atomic: false, now: now)
        #expect(outcome.failure == nil, "refused: \(String(describing: outcome.failure))", sourceLocation: sourceLocation)
        return outcome.events
    }

    func appearance(_ id: String) -> AppearanceState? { nodes.controllers[id]?.appearance }

    /// The callbacks `controller` got so far, oldest first (warnings left out).
    func callbacks(of controller: String) throws -> [String] {
        try events(after: 0, limit: 10_000).filter { $0.controller == controller }.compactMap(\.callback)
    }
}

/// An event as `controller.callback name=value,…` (arguments sorted, strings quoted), for
/// exact sequences with their arguments.
func lineWithArgs(_ event: Event) -> String {
    let args = event.args.isEmpty ? "" : " " + event.args.keys.sorted().map { "\($0)=\(argumentText(event.args[$0]!))" }.joined(separator: ",")
    return "\(event.controller ?? "-").\(event.callback ?? "?")\(args)"
}

private func argumentText(_ value: JSONValue) -> String {
    switch value {
    case .string(let string): "\"\(string)\""
    case .bool(let flag): "\(flag)"
    case .array(let items): "[" + items.map(argumentText).joined(separator: " ") + "]"
    default: "\(value)"
    }
}
