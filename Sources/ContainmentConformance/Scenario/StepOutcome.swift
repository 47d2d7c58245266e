import Containment

/// What one step caused: the callbacks (and warnings) in order, and the problem if UIKit
/// refused it. The same shape is a scenario's expectation and a runtime's observation.
public struct StepOutcome: Codable, Sendable, Equatable {
    public var events: [TraceEvent]
    public var problem: TraceProblem?

    public init(events: [TraceEvent] = [], problem: TraceProblem? = nil) {
        self.events = events
        self.problem = problem
    }

    enum CodingKeys: String, CodingKey { case events, problem }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        events = try container.decodeIfPresent([TraceEvent].self, forKey: .events) ?? []
        problem = try container.decodeIfPresent(TraceProblem.self, forKey: .problem)
    }
}

/// One callback or warning as the suite compares it: what UIKit delivers, without the
/// numbering (`seq`, `batch`) and times that differ from run to run.
public struct TraceEvent: Codable, Sendable, Equatable {
    public var controller: String?
    /// UIKit's Swift method name without labels; nil for a warning.
    public var callback: String?
    public var args: [String: JSONValue]
    public var isMovingToParent: Bool?
    public var isMovingFromParent: Bool?
    /// Set on the presented controller's appearance callbacks during a presentation / dismissal.
    public var isBeingPresented: Bool?
    public var isBeingDismissed: Bool?
    /// What UIKit logs instead of calling anything.
    public var warning: String?

    public init(
        controller: String?, callback: String?, args: [String: JSONValue] = [:], isMovingToParent: Bool? = nil,
        isMovingFromParent: Bool? = nil, isBeingPresented: Bool? = nil, isBeingDismissed: Bool? = nil, warning: String? = nil
    ) {
        self.controller = controller
        self.callback = callback
        self.args = args
        self.isMovingToParent = isMovingToParent
        self.isMovingFromParent = isMovingFromParent
        self.isBeingPresented = isBeingPresented
        self.isBeingDismissed = isBeingDismissed
        self.warning = warning
    }

    public init(_ event: Event) {
        self.init(
            controller: event.controller, callback: event.callback, args: event.args,
            isMovingToParent: event.isMovingToParent, isMovingFromParent: event.isMovingFromParent,
            isBeingPresented: event.isBeingPresented, isBeingDismissed: event.isBeingDismissed, warning: event.warning)
    }

    enum CodingKeys: String, CodingKey {
        case controller, callback, args, isMovingToParent, isMovingFromParent, isBeingPresented, isBeingDismissed, warning
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        controller = try container.decodeIfPresent(String.self, forKey: .controller)
        callback = try container.decodeIfPresent(String.self, forKey: .callback)
        args = try container.decodeIfPresent([String: JSONValue].self, forKey: .args) ?? [:]
        isMovingToParent = try container.decodeIfPresent(Bool.self, forKey: .isMovingToParent)
        isMovingFromParent = try container.decodeIfPresent(Bool.self, forKey: .isMovingFromParent)
        isBeingPresented = try container.decodeIfPresent(Bool.self, forKey: .isBeingPresented)
        isBeingDismissed = try container.decodeIfPresent(Bool.self, forKey: .isBeingDismissed)
        warning = try container.decodeIfPresent(String.self, forKey: .warning)
    }

    /// Empty `args` are left out, so recorded files carry no noise.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(controller, forKey: .controller)
        try container.encodeIfPresent(callback, forKey: .callback)
        if !args.isEmpty { try container.encode(args, forKey: .args) }
        try container.encodeIfPresent(isMovingToParent, forKey: .isMovingToParent)
        try container.encodeIfPresent(isMovingFromParent, forKey: .isMovingFromParent)
        try container.encodeIfPresent(isBeingPresented, forKey: .isBeingPresented)
        try container.encodeIfPresent(isBeingDismissed, forKey: .isBeingDismissed)
        try container.encodeIfPresent(warning, forKey: .warning)
    }

    /// `controller.callback` or `warning: text`, the way reports name an event.
    public var label: String {
        if let warning { return "warning \(controller.map { "\($0): " } ?? "")\(warning)" }
        return "\(controller ?? "?").\(callback ?? "?")"
    }
}

/// A refusal as the suite compares it: UIKit's exception name (the problem's `title`) and
/// its reason (`detail`).
public struct TraceProblem: Codable, Sendable, Equatable {
    public var title: String
    public var detail: String

    public init(title: String, detail: String) {
        self.title = title
        self.detail = detail
    }
}
