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
