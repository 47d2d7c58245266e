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
