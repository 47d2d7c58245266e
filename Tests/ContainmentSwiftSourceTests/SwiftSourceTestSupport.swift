#if SwiftSource
import Containment
import ContainmentSwiftSource
import Testing

/// An event without its numbers and time: what two runs of the same calls must agree on.
struct EventShape: Equatable, CustomStringConvertible {
    var controller: String?
    var callback: String?
    var args: [String: JSONValue]
    var isMovingToParent: Bool?
    var isMovingFromParent: Bool?
    var warning: String?
    var calledFrom: OverrideFrame?

    init(_ event: Event) {
        controller = event.controller
        callback = event.callback
        args = event.args
        isMovingToParent = event.isMovingToParent
        isMovingFromParent = event.isMovingFromParent
        warning = event.warning
        calledFrom = event.calledFrom
    }

    var description: String { "\(controller ?? "-").\(callback ?? warning ?? "?")" }
}

/// Events grouped by batch, in order: one group per run-loop turn or animation's end.
func batches(_ events: [Event]) -> [[EventShape]] {
    var groups: [[EventShape]] = []
    var last: UInt64?
    for event in events {
        if event.batch != last { groups.append([]) }
        groups[groups.count - 1].append(EventShape(event))
        last = event.batch
    }
    return groups
}

/// `controller.callback@line:column` for each event, the way the tests read the answer.
func located(_ explanation: SwiftExplanation) -> [String] {
    explanation.events.map { "\($0.event.controller ?? "-").\($0.event.callback ?? "warning")@\($0.source.line):\($0.source.column)" }
}

/// `batch controller.callback@line:column cause` for each event from the first whose trace
/// starts at `line` (every event without it), layout left out: what the tests compare exactly.
func timeline(_ answer: SwiftExplanation, from line: Int? = nil) throws -> [String] {
    let first = try line.map { line in try #require(answer.events.firstIndex { $0.source.trace.first?.line == line }) } ?? 0
    return answer.events[first...].filter { $0.event.callback?.hasSuffix("LayoutSubviews") != true }.map {
        "\($0.event.batch) \($0.event.controller ?? "-").\($0.event.callback ?? "warning")@\($0.source.line):\($0.source.column) \($0.source.cause)"
    }
}

/// A tab bar controller with two tabs, `first` selected, on screen (lines 1–7).
let twoTabsLaunch = """
    let window = UIWindow(frame: UIScreen.main.bounds)
    let tabs = UITabBarController()
    let first = UIViewController()
    let second = UIViewController()
    tabs.viewControllers = [first, second]
    window.rootViewController = tabs
    window.makeKeyAndVisible()

    """

/// The refusal a source gets, or a recorded issue if it is translated.
func refusal(_ source: String, idiom: SwiftSourceIdiom = .phone) -> SwiftSourceRefusal? {
    do throws(SwiftSourceRefusal) {
        _ = try SwiftSourceExplainer.explain(source, idiom: idiom)
        Issue.record("translated, expected a refusal")
        return nil
    } catch {
        return error
    }
}

/// A manual-clock tree as the service's JSON would build it.
func jsonTree(_ root: ControllerSpec) throws -> ContainmentTree {
    try ContainmentTree(id: "json", configuration: TreeConfiguration(clock: "manual"), root: root, now: 0)
}
#endif
