import Containment
import Dispatch
import MicroHTTP
import Prometheus
import Synchronization

/// Delivers published events to every open stream from one serial queue, so a mutation only
/// appends its batch to an inbox and never pays for the subscribers (a write to a parked
/// stream is one send on this queue's thread, see `HTTPStream.write`; the queue runs at utility
/// QoS, a lower thread priority than the server's, so requests come first). The queue drains the inbox as a whole: batches that piled
/// up while it was busy are framed once per format and go to each stream as one write, so
/// under load the cost per stream grows with the drains, not with the mutations.
/// Subscriptions, tree deletions and shutdown travel through the same inbox, which is what
/// keeps replay and live delivery free of gaps and duplicates: a subscription is posted under
/// its tree's lock, so every batch that tree published before it is already ahead of it in
/// the inbox (and in its replay), every later batch behind it.
final class StreamFanOut: Sendable {
    private let queue = DispatchQueue(label: "containment.streams", qos: .utility)
    private let inbox = Mutex(Inbox())
    /// Only touched on `queue`; the lock is never contended and only satisfies the compiler.
    private let registry = Mutex(Registry())
    private let nextID = Atomic<UInt64>(0)
    /// All-trees streams added and not yet ended; see `hasAllTreesStreams`.
    private let allTreesStreams = Atomic<Int>(0)
    /// The heartbeat timer ticks about once a second and each tick serves one slice of the
    /// streams, so every stream still hears one per interval but 10,000 streams never wake at
    /// once (which would stall mutations on the same server threads).
    private let heartbeatTick: DispatchTimeInterval
    private let heartbeatSlices: Int
    private let flushDelay: DispatchTimeInterval
    private let openStreams: Gauge

    private enum Message {
        case deliver(tree: String, owner: String?, events: [Event])
        case admit(StreamSubscriber)
        case endTree(String, owner: String?, lastSeq: UInt64)
    }

    private struct Inbox {
        var messages: [Message] = []
        var isDrainScheduled = false
        /// Drains are spaced by at least twice the last one's duration, so under a stream of
        /// mutations fan-out takes at most about a third of the time and the rest goes to
        /// requests; what waits meanwhile goes out in the next, larger drain.
        var nextDrainNotBefore = DispatchTime.now()
    }

    struct Registry {
        var byTree: [String: [UInt64: StreamSubscriber]] = [:]
        var allTrees: [UInt64: StreamSubscriber] = [:]
        var isClosed = false
        var heartbeatTicks = 0
    }

    /// Starts the one heartbeat timer shared by every stream. `flushDelay` is how long a first
    /// message waits for others before the inbox is drained: long enough for the mutation's
    /// own response to leave before thousands of streams wake up on the same server threads,
    /// and for a burst of mutations to go out as one write per stream.
    init(heartbeatInterval: Double, flushDelay: Double, openStreams: Gauge) {
        self.openStreams = openStreams
        heartbeatSlices = max(1, Int(heartbeatInterval.rounded(.down)))
        heartbeatTick = .milliseconds(max(1, Int(heartbeatInterval * 1000) / heartbeatSlices))
        self.flushDelay = .microseconds(max(0, Int(flushDelay * 1_000_000)))
        scheduleHeartbeat()
    }

    /// Queues a new stream: it receives every batch posted after this call.
    func add(_ stream: HTTPStream, format: StreamFormat, scope: StreamSubscriber.Scope) {
        let subscriber = StreamSubscriber(
            id: nextID.add(1, ordering: .relaxed).newValue, stream: stream, format: format, scope: scope)
        if case .allTrees = scope {
            // Counted before the subscription is posted: a publisher that still sees no
            // all-trees stream publishes before this stream begins, as if a moment earlier.
            allTreesStreams.add(1, ordering: .sequentiallyConsistent)
            stream.onTermination { [weak self] _ in self?.allTreesStreams.subtract(1, ordering: .sequentiallyConsistent) }
        }
        post(.admit(subscriber))
    }

    /// Whether an all-trees stream is open (or was just added): then every tree's batches
    /// are posted, not only those of trees with streams of their own.
    var hasAllTreesStreams: Bool { allTreesStreams.load(ordering: .sequentiallyConsistent) > 0 }

    /// Queues one tree's batch of events (already in seq order).
    func deliver(tree: String, owner: String?, events: [Event]) {
        post(.deliver(tree: tree, owner: owner, events: events))
    }

    /// Queues the end of a tree's streams: a final `treeDeleted` message, then the stream ends.
    /// All-trees streams get the message and stay open.
    func endStreams(ofTree tree: String, owner: String?, lastSeq: UInt64) {
        post(.endTree(tree, owner: owner, lastSeq: lastSeq))
    }

    /// Writes the final `shutdown` message to every stream and finishes it; streams added
    /// later get the same at once. Blocks until done, so the server's shutdown can follow.
    func close() {
        queue.sync { [self] in
            drain()
            let closing = registry.withLock { registry in
                registry.isClosed = true
                defer { registry = Registry(isClosed: true) }
                return registry.byTree.values.flatMap(\.values) + registry.allTrees.values
            }
            openStreams.set(to: 0)
            closing.forEach(Self.finishForShutdown)
        }
    }

    private func post(_ message: Message) {
        let drainAt = inbox.withLock { inbox -> DispatchTime? in
            inbox.messages.append(message)
            guard !inbox.isDrainScheduled else { return nil }
            inbox.isDrainScheduled = true
            return max(.now() + flushDelay, inbox.nextDrainNotBefore)
        }
        if let drainAt { queue.asyncAfter(deadline: drainAt) { [self] in drain() } }
    }

    // MARK: On the queue

    /// Handles everything posted so far, in order; consecutive batches are merged per tree
    /// (each tree's events stay in seq order) and sent together.
    private func drain() {
        let started = DispatchTime.now()
        let messages = inbox.withLock { inbox in
            defer { inbox.messages = [] }
            return inbox.messages
        }
        defer { scheduleNextDrain(after: started) }
        var merged = MergedBatches()
        for message in messages {
            switch message {
            case .deliver(let tree, let owner, let events):
                merged.append(tree: tree, owner: owner, events: events)
            case .admit(let subscriber):
                send(&merged)
                admit(subscriber)
            case .endTree(let tree, let owner, let lastSeq):
                send(&merged)
                end(tree: tree, owner: owner, lastSeq: lastSeq)
            }
        }
        send(&merged)
    }

    /// Messages posted while draining wait for the next drain, spaced after this one.
    private func scheduleNextDrain(after started: DispatchTime) {
        let spacing = 2 * (DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds)
        let drainAt = inbox.withLock { inbox -> DispatchTime? in
            inbox.nextDrainNotBefore = .now() + .nanoseconds(Int(clamping: spacing))
            inbox.isDrainScheduled = !inbox.messages.isEmpty
            return inbox.isDrainScheduled ? max(.now() + flushDelay, inbox.nextDrainNotBefore) : nil
        }
        if let drainAt { queue.asyncAfter(deadline: drainAt) { [self] in drain() } }
    }

    private func admit(_ subscriber: StreamSubscriber) {
        let isClosed = registry.withLock { $0.isClosed }
        if isClosed { return Self.finishForShutdown(subscriber) }
        guard subscriber.stream.isActive else { return }
        registry.withLock { registry in
            switch subscriber.scope {
            case .tree(let tree): registry.byTree[tree, default: [:]][subscriber.id] = subscriber
            case .allTrees: registry.allTrees[subscriber.id] = subscriber
            }
        }
        openStreams.increment()
        // Registered after the insertion (and run through the queue), so a removal never
        // overtakes it; a stream that already ended calls this at once.
        subscriber.stream.onTermination { [weak self] _ in
            guard let self else { return }
            queue.async { self.remove(subscriber) }
        }
    }

    private func remove(_ subscriber: StreamSubscriber) {
        let removed = registry.withLock { registry in
            switch subscriber.scope {
            case .tree(let tree):
                defer { if registry.byTree[tree]?.isEmpty == true { registry.byTree[tree] = nil } }
                return registry.byTree[tree]?.removeValue(forKey: subscriber.id) != nil
            case .allTrees:
                return registry.allTrees.removeValue(forKey: subscriber.id) != nil
            }
        }
        if removed { openStreams.decrement() }
    }

    private func send(_ merged: inout MergedBatches) {
        for (tree, owner, events) in merged.take() { send(tree: tree, owner: owner, events: events) }
    }

    private func send(tree: String, owner: String?, events: [Event]) {
        var framed = FramedBatch(events: events)
        let targets = registry.withLock { registry in
            (registry.byTree[tree].map { Array($0.values) } ?? [])
                + registry.allTrees.values.filter { $0.scope.includes(tree, ownedBy: owner) }
        }
        // A stream that ended (client gone, too slow) refuses the write; its termination
        // handler removes it.
        for subscriber in targets { subscriber.stream.write(framed.bytes(for: subscriber)) }
    }

    private func end(tree: String, owner: String?, lastSeq: UInt64) {
        let signal = StreamSignal.TreeDeleted(tree: tree, lastSeq: lastSeq)
        let (ending, watching) = registry.withLock { registry in
            (
                registry.byTree.removeValue(forKey: tree).map { Array($0.values) } ?? [],
                registry.allTrees.values.filter { $0.scope.includes(tree, ownedBy: owner) }
            )
        }
        openStreams.decrement(by: Double(ending.count))
        for subscriber in ending {
            subscriber.stream.write(subscriber.format.control("treeDeleted", signal))
            subscriber.stream.finish()
        }
        for subscriber in watching {
            subscriber.stream.write(subscriber.format.control("treeDeleted", signal))
        }
    }

    /// One pending heartbeat tick at a time for all streams; it stops once the fan-out is closed.
    private func scheduleHeartbeat() {
        queue.asyncAfter(deadline: .now() + heartbeatTick) { [weak self] in
            guard let self, !registry.withLock({ $0.isClosed }) else { return }
            sendHeartbeats()
            scheduleHeartbeat()
        }
    }

    private func sendHeartbeats() {
        let slices = heartbeatSlices
        let due = registry.withLock { registry in
            let slice = UInt64(registry.heartbeatTicks % slices)
            registry.heartbeatTicks += 1
            // A closure, not `\.values`: that key path was instantiated at run time on every
            // tick (swift_getKeyPath, ~170k instructions) even with no subscriber at all.
            return (registry.byTree.values.flatMap { $0.values } + registry.allTrees.values)
                .filter { $0.id % UInt64(slices) == slice }
        }
        for subscriber in due {
            subscriber.stream.write(subscriber.format.heartbeat)
        }
    }

    private static func finishForShutdown(_ subscriber: StreamSubscriber) {
        subscriber.stream.write(subscriber.format.control("shutdown", StreamSignal.Shutdown()))
        subscriber.stream.finish()
    }
}

/// Batches waiting in one drain, per tree in the order the trees first appeared.
private struct MergedBatches {
    private var trees: [(id: String, owner: String?)] = []
    private var events: [String: [Event]] = [:]

    mutating func append(tree: String, owner: String?, events batch: [Event]) {
        if events[tree] == nil { trees.append((tree, owner)) }
        events[tree, default: []] += batch
    }

    /// The merged batches, leaving none.
    mutating func take() -> [(tree: String, owner: String?, events: [Event])] {
        defer { self = MergedBatches() }
        return trees.map { ($0.id, $0.owner, events[$0.id] ?? []) }
    }
}

/// One batch framed at most once per variant, however many streams receive it (and held once:
/// `HTTPStream.write` keeps the array rather than copying it).
private struct FramedBatch {
    let events: [Event]
    private var cache: [Variant: [UInt8]] = [:]

    private struct Variant: Hashable {
        let format: StreamFormat
        let withID: Bool
    }

    init(events: [Event]) {
        self.events = events
    }

    mutating func bytes(for subscriber: StreamSubscriber) -> [UInt8] {
        let withID = if case .tree = subscriber.scope { true } else { false }
        let variant = Variant(format: subscriber.format, withID: withID)
        if let bytes = cache[variant] { return bytes }
        let bytes = subscriber.format.frames(events, withID: withID)
        cache[variant] = bytes
        return bytes
    }
}
