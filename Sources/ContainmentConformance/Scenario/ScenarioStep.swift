import Containment

/// One thing done to the tree, with what UIKit does in answer (recorded, never typed).
public struct ScenarioStep: Codable, Sendable, Equatable {
    public var action: StepAction
    /// Why the step is there, for people reading the scenario.
    public var note: String?
    public var expect: StepOutcome?

    public init(_ action: StepAction, note: String? = nil, expect: StepOutcome? = nil) {
        self.action = action
        self.note = note
        self.expect = expect
    }

    enum CodingKeys: String, CodingKey { case note, expect }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        action = try StepAction(from: decoder)
        note = try container.decodeIfPresent(String.self, forKey: .note)
        expect = try container.decodeIfPresent(StepOutcome.self, forKey: .expect)
    }

    public func encode(to encoder: any Encoder) throws {
        try action.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(note, forKey: .note)
        try container.encodeIfPresent(expect, forKey: .expect)
    }
}

/// What a step does; in JSON, exactly one of the keys below sits beside `note` and `expect`.
public enum StepAction: Codable, Sendable, Equatable {
    /// `POST /v1/trees/{tree}/calls`: raw UIKit calls in order, one run-loop turn.
    case calls([RawCall])
    /// `POST …/controllers/{parent}/children`: the guide's `displayContentController`.
    case add(AddAction)
    /// `DELETE …/controllers/{parent}/children/{child}`: the guide's `hideContentController`.
    case remove(RemoveAction)
    /// `POST …/controllers/{parent}/transitions`: the guide's `cycleFromViewController`.
    case transition(TransitionAction)
    /// `POST /v1/trees/{tree}/clock`: seconds the manual clock moves on.
    case advance(Double)
    /// The window changes, as raw calls on `window`.
    case window(WindowAction)
    /// `POST /v1/trees/{tree}/controllers`: a detached controller or subtree.
    case create(ControllerSpec)
    /// `PATCH /v1/trees/{tree}/controllers/{id}`.
    case update(UpdateAction)

    enum CodingKeys: String, CodingKey, CaseIterable { case calls, add, remove, transition, advance, window, create, update }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let present = CodingKeys.allCases.filter(container.contains)
        guard present.count == 1, let key = present.first else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "a step has exactly one of \(CodingKeys.allCases.map(\.rawValue).joined(separator: ", "))"))
        }
        switch key {
        case .calls: self = .calls(try container.decode([RawCall].self, forKey: key))
        case .add: self = .add(try container.decode(AddAction.self, forKey: key))
        case .remove: self = .remove(try container.decode(RemoveAction.self, forKey: key))
        case .transition: self = .transition(try container.decode(TransitionAction.self, forKey: key))
        case .advance: self = .advance(try container.decode(Double.self, forKey: key))
        case .window: self = .window(try container.decode(WindowAction.self, forKey: key))
        case .create: self = .create(try container.decode(ControllerSpec.self, forKey: key))
        case .update: self = .update(try container.decode(UpdateAction.self, forKey: key))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .calls(let calls): try container.encode(calls, forKey: .calls)
        case .add(let add): try container.encode(add, forKey: .add)
        case .remove(let remove): try container.encode(remove, forKey: .remove)
        case .transition(let transition): try container.encode(transition, forKey: .transition)
        case .advance(let seconds): try container.encode(seconds, forKey: .advance)
        case .window(let window): try container.encode(window, forKey: .window)
        case .create(let spec): try container.encode(spec, forKey: .create)
        case .update(let update): try container.encode(update, forKey: .update)
        }
    }
}

public struct AddAction: Codable, Sendable, Equatable {
    public var parent: String
    public var child: String
    public var containerView: String?
    public var frame: Rect?

    public init(parent: String, child: String, containerView: String? = nil, frame: Rect? = nil) {
        self.parent = parent
        self.child = child
        self.containerView = containerView
        self.frame = frame
    }
}

public struct RemoveAction: Codable, Sendable, Equatable {
    public var parent: String
    public var child: String

    public init(parent: String, child: String) {
        self.parent = parent
        self.child = child
    }
}

public struct TransitionAction: Codable, Sendable, Equatable {
    public var parent: String
    public var from: String
    public var to: String
    /// Seconds; default 0.25 as the endpoint's.
    public var duration: Double?
    public var options: [String]?

    public init(parent: String, from: String, to: String, duration: Double? = nil, options: [String]? = nil) {
        self.parent = parent
        self.from = from
        self.to = to
        self.duration = duration
        self.options = options
    }
}

/// Window changes; each present field is one raw call on `window`, in this order:
/// `setHorizontalSizeClass`, `setSize`, `setHidden`.
public struct WindowAction: Codable, Sendable, Equatable {
    public var horizontalSizeClass: SizeClass?
    public var size: Size?
    public var hidden: Bool?

    public init(horizontalSizeClass: SizeClass? = nil, size: Size? = nil, hidden: Bool? = nil) {
        self.horizontalSizeClass = horizontalSizeClass
        self.size = size
        self.hidden = hidden
    }

    /// The raw calls this change is made of.
    public var calls: [RawCall] {
        var calls: [RawCall] = []
        if let horizontalSizeClass {
            calls.append(RawCall(receiver: "window", method: "setHorizontalSizeClass", args: ["sizeClass": .string(horizontalSizeClass.rawValue)]))
        }
        if let size {
            calls.append(RawCall(receiver: "window", method: "setSize", args: ["size": ["width": .number(size.width), "height": .number(size.height)]]))
        }
        if let hidden {
            calls.append(RawCall(receiver: "window", method: "setHidden", args: ["hidden": .bool(hidden)]))
        }
        return calls
    }
}

public struct UpdateAction: Codable, Sendable, Equatable {
    public var controller: String
    public var patch: ControllerPatch

    public init(controller: String, patch: ControllerPatch) {
        self.controller = controller
        self.patch = patch
    }
}
