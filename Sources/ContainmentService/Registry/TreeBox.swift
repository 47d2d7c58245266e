import Containment
import ContainmentPersistence
import FoundationEssentials
import MicroHTTP
import Synchronization

/// One tree behind its own lock: requests on different trees never wait for each other.
final class TreeBox: Sendable {
    let id: String
    let clock: TreeClock
    /// The name of the token that created it (nil when access control was off): only that
    /// token and admin tokens see the tree. Kept with the tree so a store can save it alongside.
    let owner: String?
    /// Unique per box in this process, so a tree deleted and created again under the same id
    /// never repeats an entity tag.
    let incarnation: UInt64
    private let state: Mutex<State>
    /// This tree's event streams not yet ended. Raised under the lock before the subscription
    /// is posted, lowered once the stream ends: a batch published while it is 0 (and no
    /// all-trees stream is open) cannot reach any stream and skips the fan-out.
    private let openStreams = Atomic<Int>(0)
    /// The size of the tree's last snapshot (0 before the first), set by the journal's writer
    /// once it has encoded it.
    let snapshotBytes: Atomic<Int>

    /// What the lock guards. `ContainmentTree` is not thread-safe; it is only touched here.
    struct State {
        let tree: ContainmentTree
        /// The manual clock's current time (seconds since 1970); unused on real trees.
        var manualTime: Double
        /// Set once the tree is deleted, for requests that looked the box up just before.
        var isDeleted = false
        /// What this tree last added to the service-wide gauges.
        var reportedControllers = 0
        var reportedRetainedEvents = 0
        /// What this tree has charged to the memory budget (see `chargeBudget`).
        var accountedBytes = 0
        /// The client-chosen strings' share of the estimate at its last exact count.
        var countedStringBytes = 0
        /// Request bodies taken in since then: an upper bound on the strings they added.
        var uncountedBytes = 0
        /// `?wait=true` transition requests still waiting for their transition to finish.
        var waiters: [TransitionWaiter] = []
        /// Bumped by every change: each successful mutation and each time advance.
        var version: UInt64 = 0
        /// The snapshot's compact JSON (and, once asked for, its gzip coding) at `version`, so
        /// reads of an unchanged tree don't encode again (nor copy it: libmicrohttpd sends it in
        /// place); dropped at the next change to free its memory early.
        var encodedSnapshot: EncodedSnapshot?
        /// What the step under way leaves for the state directory's journal; taken by
        /// `withTree` once the step returns (a step that throws leaves nothing).
        var pendingRecord: PendingRecord?
        /// Journal entries (their bytes, the events they caused) since the tree's last
        /// snapshot, or its creation.
        var journalEntries = 0
        var journalBytes = 0
        var journalEvents = 0

        mutating func changed() {
            version += 1
            encodedSnapshot = nil
        }
    }

    /// One version of a tree snapshot, in the representations asked for so far.
    struct EncodedSnapshot: Sendable {
        let json: HTTPSharedBytes
        /// Encoded lazily, on the version's first gzip read: identity-only clients never pay.
        var gzip: HTTPSharedBytes?
        /// The `?pretty` JSON, encoded lazily on the version's first pretty read: a
        /// 10,000-controller tree took 600 ms to encode on every such request.
        var pretty: HTTPSharedBytes?
        /// `"<incarnation>-<version>"`, naming the JSON as is.
        let entityTag: String
        /// `"<incarnation>-<version>-gzip"`: a strong tag names one representation, and the
        /// gzip-coded bytes are another.
        let gzipEntityTag: String
        /// The 200 answers of each, built into libmicrohttpd on their first read.
        var jsonResponse: HTTPPreparedResponse?
        var gzipResponse: HTTPPreparedResponse?
    }

    /// The representation of a snapshot one request gets: its 200 answer and the tag naming it.
    struct SnapshotRepresentation: Sendable {
        let response: HTTPPreparedResponse
        let entityTag: String
    }

    /// `accountedBytes`: what creating the tree already reserved from the memory budget, its
    /// `estimatedBytes` at creation.
    /// `manualTime` and `version`: where a restored tree left off (a new tree starts at its
    /// creation time and version 0).
    init(
        tree: sending ContainmentTree, clock: TreeClock, owner: String?, manualTime: Double, incarnation: UInt64, accountedBytes: Int,
        version: UInt64 = 0, journalEntries: Int = 0, journalBytes: Int = 0, journalEvents: Int = 0, snapshotBytes: Int = 0
    ) {
        id = tree.id
        self.clock = clock
        self.owner = owner
        self.incarnation = incarnation
        var initial = State(tree: tree, manualTime: manualTime)
        initial.version = version
        initial.journalEntries = journalEntries
        initial.journalBytes = journalBytes
        initial.journalEvents = journalEvents
        self.snapshotBytes = Atomic(snapshotBytes)
        initial.accountedBytes = accountedBytes
        initial.countedStringBytes = accountedBytes - Self.fixedBytes(controllers: tree.controllerCount, events: Self.retainedEvents(tree))
        state = Mutex(initial)
    }

    /// Runs `body` on the tree under its lock, with the tree's `now`, and publishes its events.
    /// On a real clock, transitions that fell due complete first, each at its own due time:
    /// their events are published and logged but not returned, since this request did not
    /// cause them. Waiting transition requests whose transition finished are answered, and the
    /// next due time goes to the transition timer. `changes` is false for reads: only a
    /// step that may change the tree, and returns, moves the tree's version on.
    /// `payload`: the size of the request body a growing mutation carries; it is refused with
    /// 507 when the memory budget is spent, and its body counts against the budget until the
    /// next exact count. Nil for reads and deletions.
    /// `commit`: where to leave the journal ticket of this step's change for the caller to
    /// answer once it is durable; without one, the call itself waits for the commit.
    func withTree<Result: Sendable>(
        _ core: ServiceCore, changes: Bool = true, payload: Int? = nil, commit: PendingCommit? = nil,
        _ body: (ContainmentTree, _ now: Double, _ state: inout State) throws(Problem) -> (Result, [Event])
    ) throws(Problem) -> (Result, [Event]) {
        // Answered once the lock is released: encoding a waiter's response (and handing it to
        // its connection) must not hold up the tree's other requests.
        var finished: [FinishedWaiter] = []
        defer { finished.forEach { $0.answer() } }
        // The journal ticket of the last record this call left; waited for once the lock is
        // released, so the answer leaves only when its change is durable.
        var ticket: UInt64?
        let outcome = try state.withLock { (state: inout State) throws(Problem) -> (Result, [Event]) in
            guard !state.isDeleted else { throw .treeNotFound(id) }
            if changes, let failure = core.journal?.failure { throw .notDurable(failure, applied: false) }
            if payload != nil, core.budget.isSpent {
                // Counted exactly before refusing: deletions since the last count may have
                // freed strings the estimate still holds.
                chargeBudget(core, &state, recount: true)
                try core.budget.checkRoom()
            }
            let now = clock == .real ? Date().timeIntervalSince1970 : state.manualTime
            if clock == .real {
                while let due = state.tree.nextDueTime, due <= now {
                    let completion = state.tree.advance(to: due)
                    state.changed()
                    ticket = journal(core, .mutation(.advance(to: due), time: due), events: completion, &state) ?? ticket
                    core.hub.publish(tree: id, owner: owner, events: completion, treeHasStreams: hasOpenStreams)
                    finished += takeFinishedWaiters(&state, completion: completion)
                }
            }
            defer {
                reportGauges(core, &state)
                if clock == .real, !state.isDeleted, let due = state.tree.nextDueTime {
                    core.transitionTimer.schedule(tree: id, at: due)
                }
            }
            let (result, events) = try body(state.tree, now, &state)
            if changes { state.changed() }
            if let record = state.pendingRecord {
                state.pendingRecord = nil
                ticket = journal(core, record, events: events, &state) ?? ticket
            }
            state.uncountedBytes += payload ?? 0
            core.hub.publish(tree: id, owner: owner, events: events, treeHasStreams: hasOpenStreams)
            finished += takeFinishedWaiters(&state, completion: events)
            if state.isDeleted { core.hub.streams.endStreams(ofTree: id, owner: owner, lastSeq: state.tree.lastSeq) }
            return (result, events)
        }
        if let ticket, let commit {
            commit.ticket = ticket
        } else if let ticket, let journal = core.journal {
            do throws(StateStoreError) {
                try journal.waitUntilDurable(ticket)
            } catch {
                core.logger.critical("state directory: \(error); changes are refused until a restart")
                throw .notDurable(error, applied: true)
            }
        }
        return outcome
    }

    /// Subscribes `stream` to this tree's events after `after` (nil: every retained event),
    /// under the lock so that no event falls between the replay and the live ones. A resume
    /// point that is no longer retained, or that the tree never reached, gets a `reset`
    /// message and the replay starts at the oldest retained event.
    ///
    /// The replay is written here, before the response leaves the handler: the stream is not
    /// yet bound to its connection, so a replay larger than the slow-consumer bound is still
    /// taken whole (the bound then applies to what the client has not read when live events
    /// follow).
    func subscribe(_ core: ServiceCore, _ stream: HTTPStream, format: StreamFormat, after: UInt64?) throws(Problem) {
        _ = try withTree(core, changes: false) { (tree, _, _) throws(Problem) -> ((), [Event]) in
            let oldest = tree.oldestRetainedSeq
            let needsReset = after.map { $0 + 1 < oldest || $0 > tree.lastSeq } ?? false
            let start = needsReset ? oldest - 1 : after ?? oldest - 1
            let replay = try Problem.engine { try tree.events(after: start, limit: Int.max) }
            if needsReset {
                stream.write(format.control("reset", StreamSignal.Reset(tree: id, requestedAfter: after ?? 0, oldestSeq: oldest)))
            }
            stream.write(format.frames(replay))
            // Before the subscription is posted and under the lock that every publish of this
            // tree takes: each later batch sees it and is posted behind the subscription.
            openStreams.add(1, ordering: .relaxed)
            stream.onTermination { [weak self] _ in self?.openStreams.subtract(1, ordering: .relaxed) }
            core.hub.streams.add(stream, format: format, scope: .tree(id))
            return ((), [])
        }
    }

    /// Read under the lock: a subscription's raise is then always seen (a stale value can
    /// only be one not yet lowered, which costs a needless post).
    private var hasOpenStreams: Bool { openStreams.load(ordering: .relaxed) > 0 }

    /// A waiting request whose transition finished, with what its answer needs.
    struct FinishedWaiter {
        let waiter: TransitionWaiter
        let snapshot: TransitionSnapshot
        let completion: [Event]

        func answer() { waiter.complete(snapshot, completion: completion) }
    }

    /// Removes the waiting requests whose transition finished in the batch `completion`, for
    /// the caller to answer after unlocking.
    private func takeFinishedWaiters(_ state: inout State, completion: [Event]) -> [FinishedWaiter] {
        guard !state.waiters.isEmpty, !completion.isEmpty else { return [] }
        let tree = state.tree
        var finished: [FinishedWaiter] = []
        state.waiters.removeAll { waiter in
            guard let snapshot = try? tree.transition(waiter.transition), snapshot.state == .finished else { return false }
            finished.append(FinishedWaiter(waiter: waiter, snapshot: snapshot, completion: completion))
            return true
        }
        return finished
    }

    /// Answers every waiting request with `problem` (the service is shutting down): a waiter
    /// gets a response rather than a closed connection.
    func failWaiters(_ problem: Problem) {
        let waiters = state.withLock { state in
            defer { state.waiters = [] }
            return state.waiters
        }
        waiters.forEach { $0.fail(problem) }
    }

    /// Reads the tree under its lock (due transitions on a real clock complete first).
    func read<Result: Sendable>(_ core: ServiceCore, _ body: (ContainmentTree) throws(Problem) -> Result) throws(Problem) -> Result {
        try withTree(core, changes: false) { (tree, _, _) throws(Problem) in (try body(tree), []) }.0
    }

    /// The snapshot as compact JSON, encoded at most once per version, or that JSON gzip-coded
    /// (compressed at most once per version) when `preference` chooses gzip for its size.
    func encodedSnapshot(_ core: ServiceCore, _ preference: GzipPreference) throws(Problem) -> SnapshotRepresentation {
        try withTree(core, changes: false) { (tree, _, state) throws(Problem) -> (SnapshotRepresentation, [Event]) in
            var encoded = state.encodedSnapshot ?? makeEncodedSnapshot(tree, version: state.version)
            defer { state.encodedSnapshot = encoded }
            let jsonResponse = encoded.jsonResponse ?? .snapshot(encoded.json, entityTag: encoded.entityTag, isGzip: false)
            encoded.jsonResponse = jsonResponse
            let identity = SnapshotRepresentation(response: jsonResponse, entityTag: encoded.entityTag)
            guard preference.choosesGzip(forBodyOf: encoded.json.count) else { return (identity, []) }
            if encoded.gzip == nil {
                encoded.gzip = encoded.json.withUnsafeBytes(Gzip.compress).map(HTTPSharedBytes.init)
            }
            // Without memory for a compressor: as is, rather than failing the read.
            guard let gzip = encoded.gzip else { return (identity, []) }
            let gzipResponse = encoded.gzipResponse ?? .snapshot(gzip, entityTag: encoded.gzipEntityTag, isGzip: true)
            encoded.gzipResponse = gzipResponse
            return (SnapshotRepresentation(response: gzipResponse, entityTag: encoded.gzipEntityTag), [])
        }.0
    }

    /// The snapshot as indented JSON, encoded at most once per version.
    func prettySnapshot(_ core: ServiceCore) throws(Problem) -> HTTPSharedBytes {
        try withTree(core, changes: false) { (tree, _, state) throws(Problem) -> (HTTPSharedBytes, [Event]) in
            var encoded = state.encodedSnapshot ?? makeEncodedSnapshot(tree, version: state.version)
            defer { state.encodedSnapshot = encoded }
            let pretty = encoded.pretty ?? HTTPSharedBytes(JSONCoding.encode(tree.snapshot(), pretty: true))
            encoded.pretty = pretty
            return (pretty, [])
        }.0
    }

    private func makeEncodedSnapshot(_ tree: ContainmentTree, version: UInt64) -> EncodedSnapshot {
        EncodedSnapshot(
            json: HTTPSharedBytes(JSONCoding.encode(tree.snapshot(), pretty: false)),
            entityTag: "\"\(incarnation)-\(version)\"",
            gzipEntityTag: "\"\(incarnation)-\(version)-gzip\"")
    }

    /// Tears the tree down and marks it deleted; later requests holding this box get 404.
    /// Its streams end with a final `treeDeleted` message after the teardown's events, and
    /// requests waiting for its transitions get 404.
    func tearDown(_ core: ServiceCore) throws(Problem) -> [Event] {
        let (waiters, events) = try withTree(core) { (tree, now, state) throws(Problem) -> ([TransitionWaiter], [Event]) in
            state.isDeleted = true
            state.pendingRecord = .deletion
            let events = tree.tearDown(now: now)
            defer { state.waiters = [] }
            return (state.waiters, events)
        }
        waiters.forEach { $0.fail(.treeNotFound(id)) }
        return events
    }

    /// Keeps the service-wide gauges equal to the sum over live trees.
    private func reportGauges(_ core: ServiceCore, _ state: inout State) {
        let controllers = state.isDeleted ? 0 : state.tree.controllerCount
        let retained = state.isDeleted ? 0 : Self.retainedEvents(state.tree)
        // Most requests change neither: a gauge update takes the gauge's lock.
        if controllers != state.reportedControllers {
            core.metrics.controllers.increment(by: Double(controllers - state.reportedControllers))
        }
        if retained != state.reportedRetainedEvents {
            core.metrics.eventsRetained.increment(by: Double(retained - state.reportedRetainedEvents))
        }
        state.reportedControllers = controllers
        state.reportedRetainedEvents = retained
        chargeBudget(core, &state, recount: false)
    }

    /// Keeps the tree's share of the memory budget equal to its estimate: a fixed cost per
    /// controller and retained event, plus its strings as last counted plus the bodies taken in
    /// since. The exact count walks every controller, so it only runs once the uncounted bodies
    /// reach the counted strings (or 64 KiB), amortized O(1) per byte of body, or when
    /// `recount` asks (before a refusal).
    private func chargeBudget(_ core: ServiceCore, _ state: inout State, recount: Bool) {
        guard !state.isDeleted else {
            core.budget.adjust(by: -state.accountedBytes)
            state.accountedBytes = 0
            return
        }
        let fixed = Self.fixedBytes(controllers: state.reportedControllers, events: state.reportedRetainedEvents)
        if recount || state.uncountedBytes > max(64 * 1024, state.countedStringBytes) {
            state.countedStringBytes = state.tree.estimatedBytes - fixed
            state.uncountedBytes = 0
        }
        let estimate = fixed + state.countedStringBytes + state.uncountedBytes
        core.budget.adjust(by: estimate - state.accountedBytes)
        state.accountedBytes = estimate
    }

    private static func fixedBytes(controllers: Int, events: Int) -> Int {
        controllers * ContainmentTree.estimatedBytesPerController + events * ContainmentTree.estimatedBytesPerEvent
    }

    private static func retainedEvents(_ tree: ContainmentTree) -> Int {
        guard tree.lastSeq >= tree.oldestRetainedSeq, tree.lastSeq > 0 else { return 0 }
        return Int(tree.lastSeq - tree.oldestRetainedSeq + 1)
    }
}

extension Problem {
    static func treeNotFound(_ id: String) -> Problem {
        .notFound("No tree with id \(id).", code: "tree_not_found")
    }
}
