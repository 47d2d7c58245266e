import Containment

/// Where an in-process runtime records the callbacks it delivers, as they happen; the runner
/// takes them after each step. One per scenario, handed to the runtime when it is made
/// (`InProcessTarget`), so the runtime's controllers can hold it. Names and arguments are
/// UIKit's, as an HTTP adapter answers them (docs/conformance.md, 2.2).
public final class EventRecorder {
    public private(set) var events: [TraceEvent] = []

    public init() {}

    /// Any event, for what the helpers below do not cover (`isBeingPresented`, …).
    public func record(_ event: TraceEvent) { events.append(event) }

    /// `callback` on `controller`, e.g. `record("willMove", on: "child", args: ["parent": "root"])`.
    public func record(_ callback: String, on controller: String, args: [String: JSONValue] = [:]) {
        record(TraceEvent(controller: controller, callback: callback, args: args))
    }

    /// An appearance callback (`viewWillAppear`, `viewIsAppearing`, `viewDidAppear`,
    /// `viewWillDisappear`, `viewDidDisappear`): `{"animated"}` and both moving flags as the
    /// controller reports them at that moment (2.7).
    public func recordAppearance(_ callback: String, on controller: String, animated: Bool, isMovingToParent: Bool, isMovingFromParent: Bool) {
        record(
            TraceEvent(
                controller: controller, callback: callback, args: ["animated": .bool(animated)], isMovingToParent: isMovingToParent,
                isMovingFromParent: isMovingFromParent))
    }

    /// What UIKit logs instead of calling, e.g. the unbalanced appearance calls warning.
    public func recordWarning(_ text: String, on controller: String?) {
        record(TraceEvent(controller: controller, callback: nil, warning: text))
    }

    /// The events since the last take, in order; the recorder starts again empty.
    public func take() -> [TraceEvent] {
        defer { events = [] }
        return events
    }
}
