import Containment

/// The one place every published event passes through, in each tree's `seq` order, on its
/// way to the live streams (`streams`, off the publishing thread).
final class EventHub: Sendable {
    private let metrics: ServiceMetrics
    /// The SSE and NDJSON streams.
    let streams: StreamFanOut

    init(metrics: ServiceMetrics, heartbeatInterval: Double, streamFlushDelay: Double, durability: StreamFanOut.Durability?) {
        self.metrics = metrics
        streams = StreamFanOut(
            heartbeatInterval: heartbeatInterval, flushDelay: streamFlushDelay, openStreams: metrics.eventStreams, durability: durability)
    }

    /// Hands `events` (one step's, in order) to the streams, to go out once the journal record
    /// `durableAfter` is durable. Called with the tree's lock held, so two steps of one tree
    /// can never publish out of order. Streams only get the batch when one may want it:
    /// `treeHasStreams` (the tree's own streams, counted under that lock) or an all-trees
    /// stream; otherwise posting it would only wake the fan-out to drop it.
    func publish(_ tree: StreamedTree, events: [Event], durableAfter ticket: UInt64, treeHasStreams: Bool) {
        guard !events.isEmpty else { return }
        metrics.eventsPublished.increment(by: Int64(events.count))
        if treeHasStreams || streams.hasAllTreesStreams { streams.deliver(tree, events: events, durableAfter: ticket) }
    }
}
