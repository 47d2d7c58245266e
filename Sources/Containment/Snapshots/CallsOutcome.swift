/// What a raw-call batch did: the events of the calls kept, and why it stopped, if it did.
public struct CallsOutcome: Codable, Sendable, Equatable {
    public var events: [Event]
    public var failure: ContainmentError?
    /// How many calls were applied and kept (0 for a failed atomic batch).
    public var applied: Int
    /// What the kept calls return, one entry per call (`null` for a call returning nothing);
    /// nil when none of them returns anything (`targetViewController` does).
    public var results: [JSONValue]?
    /// For each call of a completed traced batch (`perform(_:completions:now:)`), how many of
    /// `events` were recorded when it returned; the rest came at the turn's end. Not encoded.
    public var callEnds: [Int]?

    enum CodingKeys: String, CodingKey {
        case events, failure, applied, results
    }

    public init(events: [Event], failure: ContainmentError?, applied: Int, results: [JSONValue]? = nil) {
        self.events = events
        self.failure = failure
        self.applied = applied
        self.results = results
    }
}
