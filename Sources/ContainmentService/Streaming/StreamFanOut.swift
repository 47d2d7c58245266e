import Containment
import ContainmentPersistence
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
/// the inbox (and in its replay), every later batch behind it; one posted while its tree has
/// records being committed goes ahead with the durable part of its replay and skips those
/// earlier batches, whose events come in the rest of its replay (`add`).
///
/// With a state directory nothing goes out before it is durable: each message carries the
/// journal ticket of the record it shows, and waits (with every later message of its tree,
/// which keeps each tree's order) until that ticket is committed; the journal's writer wakes
/// the fan-out after each commit. A tree is its incarnation (`StreamedTree.key`), never its id:
/// a tree created again under the id of one being torn down has streams of its own. A message
/// whose ticket a shared store refused is never sent (nobody may see a change that was not
/// committed); a tree given up to another instance ends its streams with `treeMoved`.
final class StreamFanOut: Sendable {
    /// Where the journal record with this ticket stands.
    typealias Durability = @Sendable (UInt64) -> StateJournal.TicketState

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
    private let durability: Durability?
    /// Messages held for their tickets, in the order posted; only touched on `queue`.
    private let held = Mutex<[Message]>([])
    /// Whether `held` has any, readable off the queue (the journal's writer asks).
    private let isHolding = Atomic<Bool>(false)

    private struct Message {
        enum Kind {
            case deliver(StreamedTree, events: [Event])
            /// A subscription with its replay, written before any live event. Not `ordered`: its
            /// replay is durable and goes out at once, ahead of its tree's held batches, which
            /// it then skips through `catchingUpThrough` until its `catchUp` (see `add`).
            case admit(StreamSubscriber, replay: [UInt8], ordered: Bool, catchingUpThrough: UInt64?)
            /// The rest of an early subscription's replay, in its tree's order.
            case catchUp(StreamSubscriber, rest: [UInt8])
            case endTree(StreamedTree, lastSeq: UInt64)
            /// The tree moved to another instance: its streams end with `treeMoved`.
            case moveTree(StreamedTree)
        }

        let kind: Kind
        /// The journal ticket that must be durable first; 0 for none.
        let ticket: UInt64

        /// The tree whose order the message keeps; nil for an all-trees subscription.
        var tree: UInt64? {
            switch kind {
            case .deliver(let tree, _), .endTree(let tree, _), .moveTree(let tree): tree.key
            case .admit(let subscriber, _, let ordered, _): if ordered, case .tree(let tree) = subscriber.scope { tree.key } else { nil }
            case .catchUp(let subscriber, _): if case .tree(let tree) = subscriber.scope { tree.key } else { nil }
            }
        }
    }

    private struct Inbox {
        var messages: [Message] = []
        var isDrainScheduled = false
        /// Drains are spaced by at least twice the last one's duration, so under a stream of
        /// mutations fan-out takes at most about a third of the time and the rest goes to
        /// requests; what waits meanwhile goes out in the next, larger drain.
        var nextDrainNotBefore = DispatchTime.now()
    }

    /// Starts the one heartbeat timer shared by every stream. `flushDelay` is how long a first
    /// message waits for others before the inbox is drained: long enough for the mutation's
    /// own response to leave before thousands of streams wake up on the same server threads,
    /// and for a burst of mutations to go out as one write per stream.
    /// `durability`: the journal's answer, nil without a state directory (nothing is held).
    init(heartbeatInterval: Double, flushDelay: Double, openStreams: Gauge, durability: Durability?) {
        self.openStreams = openStreams
        self.durability = durability
        heartbeatSlices = max(1, Int(heartbeatInterval.rounded(.down)))
        heartbeatTick = .milliseconds(max(1, Int(heartbeatInterval * 1000) / heartbeatSlices))
        self.flushDelay = .microseconds(max(0, Int(flushDelay * 1_000_000)))
        scheduleHeartbeat()
    }

    /// Queues a new stream: it receives `replay` (written as one, once the record `durableAfter`
    /// is durable), then every batch posted after this call. With `rest`, `replay` is durable
    /// already and goes out at once, and `rest` (the events up to seq `through` whose records
    /// may not be) once `durableAfter` is, in the tree's order: a stream opened while a commit
    /// of its tree is under way or stalled gets what was committed without waiting for it.
    func add(
        _ stream: HTTPStream, format: StreamFormat, scope: StreamSubscriber.Scope, replay: [UInt8] = [], durableAfter ticket: UInt64 = 0,
        rest: (bytes: [UInt8], through: UInt64)? = nil
    ) {
        let subscriber = StreamSubscriber(
            id: nextID.add(1, ordering: .relaxed).newValue, stream: stream, format: format, scope: scope)
        if case .allTrees = scope {
            // Counted before the subscription is posted: a publisher that still sees no
            // all-trees stream publishes before this stream begins, as if a moment earlier.
            allTreesStreams.add(1, ordering: .sequentiallyConsistent)
            stream.onTermination { [weak self] _ in self?.allTreesStreams.subtract(1, ordering: .sequentiallyConsistent) }
        }
        guard let rest else {
            return post(Message(kind: .admit(subscriber, replay: replay, ordered: true, catchingUpThrough: nil), ticket: ticket))
        }
        post(Message(kind: .admit(subscriber, replay: replay, ordered: false, catchingUpThrough: rest.through), ticket: 0))
        post(Message(kind: .catchUp(subscriber, rest: rest.bytes), ticket: ticket))
    }

    /// Whether an all-trees stream is open (or was just added): then every tree's batches
    /// are posted, not only those of trees with streams of their own.
    var hasAllTreesStreams: Bool { allTreesStreams.load(ordering: .sequentiallyConsistent) > 0 }

    /// Queues one tree's batch of events (already in seq order), to go out once the record
    /// `durableAfter` is durable.
    func deliver(_ tree: StreamedTree, events: [Event], durableAfter ticket: UInt64) {
        post(Message(kind: .deliver(tree, events: events), ticket: ticket))
    }

    /// Queues the end of a tree's streams: a final `treeDeleted` message, then the stream ends.
    /// All-trees streams get the message and stay open.
    func endStreams(of tree: StreamedTree, lastSeq: UInt64, durableAfter ticket: UInt64) {
        post(Message(kind: .endTree(tree, lastSeq: lastSeq), ticket: ticket))
    }

    /// Queues the end of a tree's streams because the tree moved to another instance: once the
    /// record `durableAfter` is decided (committed or refused), after every batch of the tree
    /// that was committed, each stream gets a final `treeMoved` message and ends; a client
    /// resumes on the new owner with `Last-Event-ID`.
    func moveStreams(of tree: StreamedTree, durableAfter ticket: UInt64) {
        post(Message(kind: .moveTree(tree), ticket: ticket))
    }

    /// The journal committed: held messages whose tickets it covered can go.
    func durabilityAdvanced() {
        guard isHolding.load(ordering: .sequentiallyConsistent) else { return }
        let drainAt = inbox.withLock { inbox -> DispatchTime? in
            guard !inbox.isDrainScheduled else { return nil }
            inbox.isDrainScheduled = true
            return max(.now(), inbox.nextDrainNotBefore)
        }
        if let drainAt { queue.asyncAfter(deadline: drainAt) { [self] in drain() } }
    }

    /// Writes the final `shutdown` message to every stream and finishes it; streams added
    /// later get the same at once. Blocks until done, so the server's shutdown can follow.
    /// What is still held for the journal is not sent: it may never become durable.
    func close() {
        queue.sync { [self] in
            drain()
            let waiting = held.withLock { held in
                defer { held = [] }
                return held.compactMap { message -> StreamSubscriber? in
                    if case .admit(let subscriber, _, _, _) = message.kind { subscriber } else { nil }
                }
            }
            let closing = registry.withLock { registry in
                registry.isClosed = true
                defer { registry = Registry(isClosed: true) }
                return registry.byTree.values.flatMap(\.values) + registry.allTrees.values + waiting
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

    /// Handles everything posted so far that is durable, in order; consecutive batches are
    /// merged per tree (each tree's events stay in seq order) and sent together. A message
    /// whose ticket is not durable yet is held, with every later message of its tree.
    private func drain() {
        let started = DispatchTime.now()
        let posted = inbox.withLock { inbox in
            defer { inbox.messages = [] }
            return inbox.messages
        }
        let messages = held.withLock { held in
            defer { held = [] }
            return held + posted
        }
        defer { scheduleNextDrain(after: started) }
        var merged = MergedBatches()
        var holding: [Message] = []
        var heldTrees = Set<UInt64>()
        for message in messages {
            let state = durability?(message.ticket) ?? .durable
            if let tree = message.tree, heldTrees.contains(tree) || state == .pending {
                holding.append(message)
                heldTrees.insert(tree)
                continue
            }
            switch message.kind {
            case .deliver(let tree, let events):
                // A refused batch was never committed: nobody sees it.
                if state == .durable { merged.append(tree, events: events) }
            case .admit(let subscriber, let replay, _, let through):
                send(&merged)
                if state == .durable {
                    admit(subscriber, replay: replay, catchingUpThrough: through)
                } else if case .tree(let tree) = subscriber.scope {
                    Self.finishMoved(subscriber, tree)
                }
            case .catchUp(let subscriber, let rest):
                send(&merged)
                // A refused rest was never committed: the tree moved, and its streams end.
                if state == .durable { catchUp(subscriber, rest: rest) }
            case .endTree(let tree, let lastSeq):
                send(&merged)
                // A refused deletion did not happen here: the tree lives on where it moved.
                if state == .durable { end(tree, lastSeq: lastSeq) } else { move(tree) }
            case .moveTree(let tree):
                send(&merged)
                move(tree)
            }
        }
        send(&merged)
        held.withLock { $0 = holding }
        isHolding.store(!holding.isEmpty, ordering: .sequentiallyConsistent)
        // A commit that finished while this drain decided saw nothing held: look again.
        if holding.contains(where: { durability?($0.ticket) ?? .durable != .pending }) { durabilityAdvanced() }
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

    private func admit(_ subscriber: StreamSubscriber, replay: [UInt8], catchingUpThrough through: UInt64?) {
        let isClosed = registry.withLock { $0.isClosed }
        if isClosed { return Self.finishForShutdown(subscriber) }
        if !replay.isEmpty { subscriber.stream.write(replay) }
        guard subscriber.stream.isActive else { return }
        registry.withLock { registry in
            switch subscriber.scope {
            case .tree(let tree): registry.byTree[tree.key, default: [:]][subscriber.id] = subscriber
            case .allTrees: registry.allTrees[subscriber.id] = subscriber
            }
            if let through { registry.catchingUp[subscriber.id] = through }
        }
        openStreams.increment()
        // Registered after the insertion (and run through the queue), so a removal never
        // overtakes it; a stream that already ended calls this at once.
        subscriber.stream.onTermination { [weak self] _ in
            guard let self else { return }
            queue.async { self.remove(subscriber) }
        }
    }

    /// Writes the rest of an early subscriber's replay; its tree's batches reach it live again.
    private func catchUp(_ subscriber: StreamSubscriber, rest: [UInt8]) {
        let isAdmitted = registry.withLock { registry in
            registry.catchingUp[subscriber.id] = nil
            guard case .tree(let tree) = subscriber.scope else { return false }
            return registry.byTree[tree.key]?[subscriber.id] != nil
        }
        if isAdmitted, !rest.isEmpty { subscriber.stream.write(rest) }
    }

    private func remove(_ subscriber: StreamSubscriber) {
        let removed = registry.withLock { registry in
            registry.catchingUp[subscriber.id] = nil
            switch subscriber.scope {
            case .tree(let tree):
                defer { if registry.byTree[tree.key]?.isEmpty == true { registry.byTree[tree.key] = nil } }
                return registry.byTree[tree.key]?.removeValue(forKey: subscriber.id) != nil
            case .allTrees:
                return registry.allTrees.removeValue(forKey: subscriber.id) != nil
            }
        }
        if removed { openStreams.decrement() }
    }

    private func send(_ merged: inout MergedBatches) {
        for (tree, events) in merged.take() { send(tree, events: events) }
    }

    /// Writes under the registry's lock, which only this queue takes: copying the subscribers
    /// out first retained each of them for every batch (10,000 streams made that a sixth of
    /// the fan-out's time). A stream that ended (client gone, too slow) refuses the write; its
    /// termination handler removes it later, through the queue.
    private func send(_ tree: StreamedTree, events: [Event]) {
        var framed = FramedBatch(events: events, generation: tree.generation)
        registry.withLock { registry in
            if let subscribers = registry.byTree[tree.key] {
                let last = events.last?.seq ?? 0
                for subscriber in subscribers.values {
                    // Published before it subscribed: in its replay's rest.
                    if !registry.catchingUp.isEmpty, let through = registry.catchingUp[subscriber.id], last <= through { continue }
                    subscriber.stream.write(framed.bytes(for: subscriber))
                }
            }
            for subscriber in registry.allTrees.values where subscriber.scope.includes(tree) {
                subscriber.stream.write(framed.bytes(for: subscriber))
            }
        }
    }

    private func end(_ tree: StreamedTree, lastSeq: UInt64) {
        let signal = StreamSignal.TreeDeleted(tree: tree.id, lastSeq: lastSeq)
        let (ending, watching) = registry.withLock { registry in
            (
                registry.byTree.removeValue(forKey: tree.key).map { Array($0.values) } ?? [],
                registry.allTrees.values.filter { $0.scope.includes(tree) }
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

    private func move(_ tree: StreamedTree) {
        let ending = registry.withLock { $0.byTree.removeValue(forKey: tree.key).map { Array($0.values) } ?? [] }
        openStreams.decrement(by: Double(ending.count))
        for subscriber in ending { Self.finishMoved(subscriber, tree) }
    }

    private static func finishMoved(_ subscriber: StreamSubscriber, _ tree: StreamedTree) {
        subscriber.stream.write(subscriber.format.control("treeMoved", StreamSignal.TreeMoved(tree: tree.id)))
        subscriber.stream.finish()
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
