import Containment
import Synchronization

/// The one place every published event passes through, in each tree's `seq` order. Live
/// streams (through `streams`, off the publishing thread) and in-process listeners subscribe
/// here instead of each route knowing about them.
final class EventHub: Sendable {
    /// Receives each batch of events as it is published.
    typealias Subscriber = @Sendable (_ tree: String, _ events: [Event]) -> Void

    /// Cancels a subscription when asked (or never, if dropped on purpose).
    struct Subscription: Sendable, Hashable {
        fileprivate let id: UInt64
    }

    private let metrics: ServiceMetrics
    private let subscribers = Mutex<(next: UInt64, all: [UInt64: Subscriber])>((0, [:]))
    /// The SSE and NDJSON streams.
    let streams: StreamFanOut

    init(metrics: ServiceMetrics, heartbeatInterval: Double, streamFlushDelay: Double) {
        self.metrics = metrics
        streams = StreamFanOut(
            heartbeatInterval: heartbeatInterval, flushDelay: streamFlushDelay, openStreams: metrics.eventStreams)
    }

    /// Hands `events` (one mutation's, in order) to every subscriber. Called with the tree's
    /// lock held, so two mutations of one tree can never publish out of order. Streams only
    /// get the batch when one may want it: `treeHasStreams` (the tree's own streams, counted
    /// under that lock) or an all-trees stream; otherwise posting it would only wake the
    /// fan-out to drop it.
    func publish(tree: String, owner: String?, events: [Event], treeHasStreams: Bool) {
        guard !events.isEmpty else { return }
        metrics.eventsPublished.increment(by: Int64(events.count))
        if treeHasStreams || streams.hasAllTreesStreams { streams.deliver(tree: tree, owner: owner, events: events) }
        let current = subscribers.withLock { Array($0.all.values) }
        for subscriber in current { subscriber(tree, events) }
    }

    @discardableResult
    func subscribe(_ subscriber: @escaping Subscriber) -> Subscription {
        subscribers.withLock { state in
            state.next += 1
            state.all[state.next] = subscriber
            return Subscription(id: state.next)
        }
    }

    func unsubscribe(_ subscription: Subscription) {
        _ = subscribers.withLock { $0.all.removeValue(forKey: subscription.id) }
    }
}
