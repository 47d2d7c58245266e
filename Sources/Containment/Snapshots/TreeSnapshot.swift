/// The window's effective status bar after following the childFor… chain from the root.
public struct StatusBarSnapshot: Codable, Sendable, Equatable {
    public var style: StatusBarStyle
    public var hidden: Bool
    /// The controller whose `statusBarStyle` wins (nil without a root controller).
    public var decidedBy: String?
    /// The controller whose `statusBarHidden` wins; may differ from `decidedBy`.
    public var hiddenDecidedBy: String?

    public init(style: StatusBarStyle, hidden: Bool, decidedBy: String?, hiddenDecidedBy: String?) {
        self.style = style
        self.hidden = hidden
        self.decidedBy = decidedBy
        self.hiddenDecidedBy = hiddenDecidedBy
    }

    enum CodingKeys: String, CodingKey {
        case style, hidden, decidedBy, hiddenDecidedBy
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(style, forKey: .style)
        try container.encode(hidden, forKey: .hidden)
        try container.encode(decidedBy, forKey: .decidedBy)
        try container.encode(hiddenDecidedBy, forKey: .hiddenDecidedBy)
    }
}

/// The window of a tree.
public struct WindowSnapshot: Codable, Sendable, Equatable {
    public var size: Size
    public var horizontalSizeClass: SizeClass
    public var visible: Bool
    public var rootViewController: String?
    public var statusBar: StatusBarSnapshot

    public init(size: Size, horizontalSizeClass: SizeClass, visible: Bool, rootViewController: String?, statusBar: StatusBarSnapshot) {
        self.size = size
        self.horizontalSizeClass = horizontalSizeClass
        self.visible = visible
        self.rootViewController = rootViewController
        self.statusBar = statusBar
    }

    enum CodingKeys: String, CodingKey {
        case size, horizontalSizeClass, visible, rootViewController, statusBar
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(size, forKey: .size)
        try container.encode(horizontalSizeClass, forKey: .horizontalSizeClass)
        try container.encode(visible, forKey: .visible)
        try container.encode(rootViewController, forKey: .rootViewController)
        try container.encode(statusBar, forKey: .statusBar)
    }
}

/// A whole tree as the API shows it.
public struct TreeSnapshot: Codable, Sendable, Equatable {
    public var id: String
    public var clock: String
    public var window: WindowSnapshot
    public var controllers: [String: ControllerSnapshot]
    /// Every view, including the window's own view `window`.
    public var views: [String: ViewSnapshot]
    public var lastSeq: UInt64

    public init(
        id: String, clock: String, window: WindowSnapshot, controllers: [String: ControllerSnapshot],
        views: [String: ViewSnapshot], lastSeq: UInt64
    ) {
        self.id = id
        self.clock = clock
        self.window = window
        self.controllers = controllers
        self.views = views
        self.lastSeq = lastSeq
    }
}

/// A transition started by `transition(from:to:duration:options:)`.
public struct TransitionSnapshot: Codable, Sendable, Equatable {
    /// Finished transitions stay readable so a client polling after completion still finds them.
    public enum State: String, Codable, Sendable {
        case running
        case finished
    }

    public var id: String
    public var parent: String
    public var from: String
    public var to: String
    public var duration: Double
    public var options: [String]
    public var state: State
    /// Seconds since 1970; encoded as ISO-8601 like event times.
    public var startedAt: Double
    public var completesAt: Double

    public init(
        id: String, parent: String, from: String, to: String, duration: Double, options: [String], state: State,
        startedAt: Double, completesAt: Double
    ) {
        self.id = id
        self.parent = parent
        self.from = from
        self.to = to
        self.duration = duration
        self.options = options
        self.state = state
        self.startedAt = startedAt
        self.completesAt = completesAt
    }

    enum CodingKeys: String, CodingKey {
        case id, parent, from, to, duration, options, state, startedAt, completesAt
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func time(_ key: CodingKeys) throws -> Double {
            let text = try container.decode(String.self, forKey: key)
            guard let seconds = ISOTime.seconds(from: text) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "not an ISO-8601 time")
            }
            return seconds
        }
        id = try container.decode(String.self, forKey: .id)
        parent = try container.decode(String.self, forKey: .parent)
        from = try container.decode(String.self, forKey: .from)
        to = try container.decode(String.self, forKey: .to)
        duration = try container.decode(Double.self, forKey: .duration)
        options = try container.decode([String].self, forKey: .options)
        state = try container.decode(State.self, forKey: .state)
        startedAt = try time(.startedAt)
        completesAt = try time(.completesAt)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(parent, forKey: .parent)
        try container.encode(from, forKey: .from)
        try container.encode(to, forKey: .to)
        try container.encode(duration, forKey: .duration)
        try container.encode(options, forKey: .options)
        try container.encode(state, forKey: .state)
        try container.encode(ISOTime.string(from: startedAt), forKey: .startedAt)
        try container.encode(ISOTime.string(from: completesAt), forKey: .completesAt)
    }
}

/// What a raw-call batch did: the events of the calls kept, and why it stopped, if it did.
public struct CallsOutcome: Codable, Sendable, Equatable {
    public var events: [Event]
    public var failure: ContainmentError?
    /// How many calls were applied and kept (0 for a failed atomic batch).
    public var applied: Int

    public init(events: [Event], failure: ContainmentError?, applied: Int) {
        self.events = events
        self.failure = failure
        self.applied = applied
    }
}
