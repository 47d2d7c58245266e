/// One load of a tree into memory (a start, a takeover) under a new generation, and how far
/// its durable history reached then. A load follows `previous`: event ids and entity tags given
/// out under generations from `previous` up to (not including) `generation` name this tree's
/// history only up to `lastSeq` and `version`; what went beyond was lost with a crash.
public struct TreeLoad: Sendable, Equatable {
    public var generation: UInt64
    public var previous: UInt64
    public var lastSeq: UInt64
    public var version: UInt64

    /// Loads kept per tree: an event id or entity tag given out more than this many starts
    /// before is no longer vouched for (a stream resuming with it gets a `reset`).
    public static let keptPerTree: UInt64 = 8

    public init(generation: UInt64, previous: UInt64, lastSeq: UInt64, version: UInt64) {
        self.generation = generation
        self.previous = previous
        self.lastSeq = lastSeq
        self.version = version
    }

    /// Whether an id or tag given out under `generation` still names this history, up to
    /// `seq` (or `version`): given out by the generation this load follows, no further than
    /// the load found.
    public func vouches(for generation: UInt64, seq: UInt64? = nil, version: UInt64? = nil) -> Bool {
        previous <= generation && generation < self.generation && (seq ?? 0) <= lastSeq && (version ?? 0) <= self.version
    }
}
