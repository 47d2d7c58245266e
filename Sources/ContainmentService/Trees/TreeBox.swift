import Containment
import ContainmentPersistence
import FoundationEssentials
import MicroHTTP
import Synchronization

/// One tree behind its own lock: requests on different trees never wait for each other. The
/// lock guards the engine's tree and the small owned parts of its step (`State`); the box runs
/// each step (`withTree`) and hands what it produced to the journal, the streams and the
/// waiting requests.
final class TreeBox: Sendable {
    let id: String
    let clock: TreeClock
    /// The name of the token that created it (nil when access control was off): only that
    /// token and admin tokens see the tree. Kept with the tree so a store can save it alongside.
    let owner: String?
    /// Unique per box in this process, so a tree deleted and created again under the same id
    /// never repeats an entity tag, and its streams never see the other tree's events.
    let incarnation: UInt64
    /// The generation its event ids and entity tags are given out under, and which older ones
    /// still name its history.
    let history: TreeHistory
    /// Why a stored tree could not be rebuilt: the box then holds an empty tree, answers
    /// every request but its deletion with 503 (`tree_unavailable`), and the other trees are
    /// served as usual.
    let unavailable: String?
    let state: Mutex<State>
    /// This tree's event streams not yet ended. Raised under the lock before the subscription
    /// is posted, lowered once the stream ends: a batch published while it is 0 (and no
    /// all-trees stream is open) cannot reach any stream and skips the fan-out.
    let openStreams = Atomic<Int>(0)
    /// With a shared store, the lease session this instance held the tree under when it listed
    /// it (0 for none): served from memory only while that lease is valid (`TreeRegistry`).
    let heldUnder = Atomic<Int64>(0)
    /// The size of the tree's last snapshot (0 before the first), set by the journal's writer
    /// once it has encoded it.
    let snapshotBytes: Atomic<Int>
    /// What the box needs of the service, given at its creation.
    let environment: TreeBoxEnvironment

    /// What the lock guards. `ContainmentTree` is not thread-safe; it is only touched here.
    struct State {
        let tree: ContainmentTree
        /// The manual clock, the record the step under way leaves, the held requests: all a
        /// route's step may change (`step`).
        var step: TreeStep
        /// Set once the tree is deleted, for requests that looked the box up just before.
        var isDeleted = false
        /// Set once this instance gave the tree up to another (a shared store): requests that
        /// looked the box up just before take the tree over again.
        var isGivenUp = false
        /// Bumped by every change: each successful mutation and each time advance.
        var version: UInt64
        var journal: TreeJournal
        /// How the tree lists as of its last acknowledged change, for reads that do not wait.
        var acknowledged: AcknowledgedListing
        /// What its changes not yet durable did, for reads of its last durable version.
        var unsettled = UnsettledChanges()
        /// Once torn down, with a journal: its last durable version before the deletion, shown
        /// to reads until the deletion is durable.
        var beforeDeletion: (listing: TreeListing, tree: ContainmentTree)?
        var usage: TreeUsage
        var snapshot = SnapshotCache()

        /// `journaled`: with a journal, whose reads may still show the version replaced.
        mutating func changed(journaled: Bool) {
            version += 1
            snapshot.changed(keepingEncoding: journaled)
        }
    }

    /// `accountedBytes`: what creating the tree already reserved from the memory budget, its
    /// `estimatedBytes` at creation. `manualTime`, `version` and `journal`: where a restored
    /// tree left off (a new tree starts at its creation time, version 0 and no journal).
    init(
        tree: sending ContainmentTree, environment: TreeBoxEnvironment, clock: TreeClock, owner: String?, manualTime: Double,
        incarnation: UInt64, accountedBytes: Int, history: TreeHistory = TreeHistory(generation: 0), version: UInt64 = 0, journal: TreeJournal = TreeJournal(),
        snapshotBytes: Int = 0, unavailable: String? = nil
    ) {
        // Its changes go to a journal, so its engine keeps them until they are recorded
        // (`UnsettledChanges`).
        tree.keepsChanges = environment.journal != nil
        id = tree.id
        self.environment = environment
        self.clock = clock
        self.owner = owner
        self.incarnation = incarnation
        self.history = history
        self.unavailable = unavailable
        self.snapshotBytes = Atomic(snapshotBytes)
        let usage = TreeUsage(tree: tree, accountedBytes: accountedBytes)
        // A new tree (version 0) has nothing acknowledged until its creation is durable.
        let acknowledged = AcknowledgedListing(
            durable: version == 0 ? nil : TreeListing(version: version, lastSeq: tree.lastSeq, controllers: tree.controllerCount))
        var journal = journal
        journal.seedSpread(treeID: id)
        state = Mutex(
            State(tree: tree, step: TreeStep(manualTime: manualTime), version: version, journal: journal, acknowledged: acknowledged, usage: usage))
    }

    /// Due transitions one hold of the lock completes before the request's own step: the rest
    /// go to the timer, which takes the lock again at once, so that reads, deletions and
    /// shutdown get in between (a request that changes the tree completes what is still due
    /// in its own turn, as UIKit's run loop would).
    static let maxCatchUpPerHold = 256

    /// Runs `body` on the tree under its lock, with the tree's `now`, and publishes its events.
    /// On a real clock, transitions that fell due complete first, each at its own due time:
    /// their events are published and logged but not returned, since this request did not
    /// cause them. Waiting transition requests whose transition finished are answered, and the
    /// next due time goes to the transition timer. `changes` is false for reads: only a
    /// step that may change the tree, and returns, moves the tree's version on.
    /// `payload`: the size of the request body a growing mutation carries; it is refused with
    /// 507 when the memory budget is spent, and its body counts against the budget until the
    /// next exact count. Nil for reads and deletions.
    /// `commit`: receives the journal ticket the request's answer must wait for, so that it
    /// never shows a change that is not yet durable (nil for steps nobody answers: the timer's
    /// catch-up). Nothing here waits for the disk.
    func withTree<Result: Sendable>(
        changes: Bool = true, payload: Int? = nil, commit: PendingCommit?, deletes: Bool = false,
        _ body: (ContainmentTree, _ now: Double, _ state: inout State) throws(Problem) -> (Result, [Event])
    ) throws(Problem) -> (Result, MutationEvents) {
        // Answered once the lock is released: encoding a waiter's response (and handing it to
        // its connection) must not hold up the tree's other requests.
        var finished: [FinishedWaiter] = []
        var finishedTicket: UInt64 = 0
        defer { Self.answer(finished, once: finishedTicket, environment.journal) }
        return try state.withLock { (state: inout State) throws(Problem) -> (Result, MutationEvents) in
            // Whatever this step answers, a refusal too, shows the tree as it now stands.
            let ticketBefore = state.journal.lastTicket
            defer { commit?.observe(state.journal.lastTicket, own: state.journal.lastTicket != ticketBefore) }
            guard !state.isDeleted else { throw .treeNotFound(id) }
            guard !state.isGivenUp else { throw .loadFirst(id) }
            if let unavailable, !deletes { throw .treeUnavailable(id, reason: unavailable) }
            if changes, let failure = environment.journal?.failure { throw .notDurable(failure, applied: false) }
            if payload != nil, environment.budget.isSpent {
                state.usage.charge(state.tree, isDeleted: false, environment.budget, recount: true)
                try environment.budget.checkRoom()
            }
            let now = clock == .real ? Date().timeIntervalSince1970 : state.step.manualTime
            if clock == .real {
                var completed = 0
                while completed < Self.maxCatchUpPerHold, let due = state.tree.nextDueTime, due <= now {
                    completed += 1
                    let completion = state.tree.advance(to: due)
                    state.changed(journaled: environment.journal != nil)
                    journal(.mutation(.advance(to: due), time: due), events: completion, &state)
                    publish(completion, state)
                    finished += state.step.waiters.takeFinished(in: state.tree, completion: completion)
                    finishedTicket = state.journal.lastTicket
                }
            }
            defer {
                state.usage.report(state.tree, isDeleted: state.isDeleted, environment)
                if clock == .real, !state.isDeleted, let due = state.tree.nextDueTime {
                    environment.transitionTimer.schedule(tree: id, at: due)
                }
            }
            let (result, events) = try body(state.tree, now, &state)
            if changes { state.changed(journaled: environment.journal != nil) }
            var eventsJSON: [UInt8]?
            if let record = state.step.takeRecord() {
                eventsJSON = journal(record, events: events, &state)
            }
            state.usage.took(bodyBytes: payload ?? 0)
            if state.isDeleted {
                environment.registry?.unlist(self, durableAfter: state.journal.lastTicket, acknowledged: state.acknowledged) {
                    environment.journal?.isDurable($0) ?? true
                }
            }
            publish(events, state)
            let done = state.step.waiters.takeFinished(in: state.tree, completion: events)
            if !done.isEmpty {
                finished += done
                finishedTicket = state.journal.lastTicket
            }
            if state.isDeleted {
                environment.hub.streams.endStreams(
                    of: StreamedTree(self), lastSeq: state.tree.lastSeq, durableAfter: state.journal.lastTicket)
            }
            return (result, MutationEvents(list: events, json: eventsJSON))
        }
    }

    /// Hands a batch to the streams, to go out once its record is durable.
    private func publish(_ events: [Event], _ state: State) {
        environment.hub.publish(
            StreamedTree(self), events: events, durableAfter: state.journal.lastTicket,
            treeHasStreams: openStreams.load(ordering: .relaxed) > 0)
    }

    /// Answers waiting requests whose transition finished, once the records of that are
    /// durable: their answers show the completion.
    private static func answer(_ finished: [FinishedWaiter], once ticket: UInt64, _ journal: StateJournal?) {
        guard !finished.isEmpty else { return }
        guard let journal, !journal.isDurable(ticket) else { return finished.forEach { $0.answer() } }
        journal.whenDurable(ticket) { failure in
            for waiter in finished {
                if let failure { waiter.waiter.fail(.notDurable(failure, applied: true)) } else { waiter.answer() }
            }
        }
    }

    /// Gives the tree up (a shared store): another instance asked for it (`releasing`: its
    /// release is journaled behind every record of it, and the tree moves once that commits),
    /// or this instance's records of it were refused, or its lease lapsed (it may already have
    /// moved). Unlisted at once; its streams end with `treeMoved` once its last record is
    /// decided, and waiting requests get `tree_moved`. Requests that hold the box take the tree
    /// over again.
    func giveUp(releasing: Bool) {
        let waiters = state.withLock { state -> [TransitionWaiter] in
            guard !state.isDeleted, !state.isGivenUp else { return [] }
            state.isGivenUp = true
            if releasing, let journal = environment.journal { state.journal.appended(journal.append(.release(id))) }
            let ticket = state.journal.lastTicket
            environment.registry?.unlistGivenUp(self, lastTicket: ticket) { environment.journal?.state(of: $0) != .pending }
            environment.hub.streams.moveStreams(of: StreamedTree(self), durableAfter: ticket)
            state.usage.report(state.tree, isDeleted: true, environment)
            return state.step.waiters.takeAll()
        }
        waiters.forEach { $0.fail(.treeMoved(id)) }
        environment.countTrees()
    }

    /// Answers every waiting request with `problem` (the service is shutting down): a waiter
    /// gets a response rather than a closed connection.
    func failWaiters(_ problem: Problem) {
        state.withLock { $0.step.waiters.takeAll() }.forEach { $0.fail(problem) }
    }

    /// Reads the tree under its lock (due transitions on a real clock complete first).
    func read<Result: Sendable>(commit: PendingCommit?, _ body: (ContainmentTree) throws(Problem) -> Result) throws(Problem) -> Result {
        try withTree(changes: false, commit: commit) { (tree, _, _) throws(Problem) in (try body(tree), []) }.0
    }

    /// Runs a step from outside the box (a route, a creation) as `withTree` does: `body` gets
    /// the step's handle, not the box's state.
    func step<Result: Sendable>(
        payload: Int? = nil, commit: PendingCommit?,
        _ body: (ContainmentTree, _ now: Double, _ step: inout TreeStep) throws(Problem) -> (Result, [Event])
    ) throws(Problem) -> (Result, MutationEvents) {
        try withTree(payload: payload, commit: commit) { (tree, now, state) throws(Problem) in try body(tree, now, &state.step) }
    }

    /// A creation whose record the store refused never happened: once its commit fails the
    /// tree is unlisted, so its id answers 404 and listings leave it out, as after a restart.
    /// Registered before the creating request's answer waits for the same commit.
    func forgetIfCreationRefused() {
        guard let journal = environment.journal else { return }
        let ticket = state.withLock { $0.journal.lastTicket }
        guard ticket != 0 else { return }
        journal.whenDurable(ticket) { [self] failure in
            guard failure != nil else { return }
            let waiters = state.withLock { state -> [TransitionWaiter] in
                guard !state.isDeleted, !state.isGivenUp else { return [] }
                state.isDeleted = true
                environment.registry?.unlist(self, durableAfter: 0, acknowledged: state.acknowledged) { _ in true }
                environment.hub.streams.endStreams(of: StreamedTree(self), lastSeq: 0, durableAfter: 0)
                state.usage.report(state.tree, isDeleted: true, environment)
                return state.step.waiters.takeAll()
            }
            waiters.forEach { $0.fail(.treeNotFound(id)) }
            environment.countTrees()
        }
    }

    /// Tears the tree down, unlists it and marks it deleted; later requests holding this box
    /// get 404. A refused deletion (the state directory failed) changes nothing: the tree stays
    /// listed. Its streams end with a final `treeDeleted` message after the teardown's events,
    /// and requests waiting for its transitions get 404.
    func tearDown(commit: PendingCommit?) throws(Problem) -> [Event] {
        let (waiters, events) = try withTree(commit: commit, deletes: true) { (tree, now, state) throws(Problem) -> ([TransitionWaiter], [Event]) in
            if let journal = environment.journal, let listing = state.acknowledged.settle(isDurable: journal.isDurable) {
                state.unsettled.settle(through: state.acknowledged.durableTicket)
                state.beforeDeletion = (listing, state.unsettled.detachedTree(tree, durableVersion: listing.version))
            }
            state.isDeleted = true
            state.step.journal(.deletion)
            return (state.step.waiters.takeAll(), tree.tearDown(now: now))
        }
        waiters.forEach { $0.fail(.treeNotFound(id)) }
        // Kept only while reads may need it: a refused deletion keeps it for good.
        if let journal = environment.journal {
            journal.whenDurable(state.withLock { $0.journal.lastTicket }) { [self] failure in
                if failure == nil { state.withLock { $0.beforeDeletion = nil } }
            }
        }
        return events.list
    }
}

extension Problem {
    static func treeNotFound(_ id: String) -> Problem {
        .notFound("No tree with id \(id).", code: "tree_not_found")
    }

    static func treeUnavailable(_ id: String, reason: String) -> Problem {
        Problem(
            status: 503, code: "tree_unavailable",
            detail: "Tree \(id) is stored but could not be rebuilt (\(reason)); every other tree is served. Deleting it removes it from the store.")
    }
}
