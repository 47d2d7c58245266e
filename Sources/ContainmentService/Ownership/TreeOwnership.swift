import ContainmentPersistence
import Dispatch
import Logging
import Synchronization

/// Takes over, for this instance, the trees it is asked for and does not hold (a store shared
/// with other instances, `--state-url`), one job per tree however many requests wait for it.
/// Jobs are kept on a queue that never waits on the database; their statements run on
/// `readerCount` store connections of their own, each with its queue (a tree always on the
/// same one), so hand-offs of different trees run side by side and requests never wait on a
/// thread for them.
///
/// A job waits first until the last record of an earlier box of the tree given up here is
/// decided (no record of it may land under the new epoch), then, in one round trip, takes the
/// tree and loads it when it is free (given up, or its owner's lease lapsed), or asks its live
/// holder to give it up; it tries again when told the tree was given up, or within 250 ms
/// (asking again: a notification can be missed); absent, the request goes on knowing it. Each
/// request waits at most `patience` (the lease plus two seconds) from its own arrival, then is
/// answered `tree_busy` even while a statement of its job is still waiting on the database.
final class TreeOwnership: @unchecked Sendable {
    enum Outcome: Sendable {
        /// Held here now (or already was).
        case loaded
        /// The store has no such tree.
        case absent
        case failed(Problem)
    }

    private struct Waiter {
        let number: Int
        let deadline: ContinuousClock.Instant
        let completion: @Sendable (Outcome) -> Void
    }

    private struct Job {
        var waiters: [Waiter]
        /// An attempt's statements are under way on the tree's reader.
        var attempting = false
        /// Told the tree was given up during an attempt: try again as soon as it ends.
        var wokenMeanwhile = false
        /// Bumped by every scheduled retry: only the latest runs.
        var generation = 0
        /// Why the last attempt did not take the tree.
        var lastProblem: Problem
        /// What the store said at the last failed attempt, logged if the job fails.
        var lastError: String?
    }

    /// What one attempt came to, handed back to `queue`.
    private enum Step {
        case finished(Outcome)
        case retry(after: Duration)
        case failedAttempt(Problem, error: String, retryAfter: Duration)
    }

    /// Store connections taking trees over, loading and listing them.
    static let readerCount = 4

    let store: any SharedTreeStore
    private let readers: [any SharedTreeReader]
    private let readerQueues: [DispatchQueue]
    private let queue = DispatchQueue(label: "containment.ownership")
    /// Only touched on `queue`.
    private var jobs: [String: Job] = [:]
    /// Only touched on `queue`.
    private var waitersSoFar = 0
    /// Trees an attempt is taking over, until listed (or not): read by the lease keeper.
    private let loading = Mutex<Set<String>>([])
    private let listings = Atomic<Int>(0)
    private weak var core: ServiceCore?
    let patience: Duration

    init(store: any SharedTreeStore) {
        self.store = store
        readers = (0..<Self.readerCount).map { _ in store.openReader() }
        readerQueues = (0..<Self.readerCount).map { DispatchQueue(label: "containment.ownership.reader.\($0)") }
        patience = store.leaseTiming.duration + .seconds(2)
    }

    /// The reader (and its queue) of `id`: one tree's statements never overtake each other.
    func readerIndex(for id: String) -> Int {
        var hasher = Hasher()
        hasher.combine(id)
        return Int(UInt(bitPattern: hasher.finalize()) % UInt(Self.readerCount))
    }

    /// Wires the lease keeper's reports to `core`, and opens the readers' connections.
    func start(core: ServiceCore) {
        self.core = core
        for (reader, readerQueue) in zip(readers, readerQueues) { readerQueue.async { reader.open() } }
        store.onOwnershipEvents(
            .init(
                lost: { [weak core] in
                    guard let core else { return }
                    core.logger.warning("lease lost: every tree this instance held is given up")
                    core.registry.all.forEach { $0.giveUp(releasing: false) }
                },
                releaseRequested: { [weak self] id in self?.releaseRequested(id) ?? false },
                released: { [weak self] id in self?.wake(id) },
                session: { [weak core] session in
                    // Entity tags of trees created from now on start above every earlier one's.
                    core?.raiseTreeIncarnations(to: UInt64(session) << 32)
                    core?.logger.info("holding a lease on the shared store", metadata: ["session": "\(session)"])
                },
                commits: { [weak core] failure in
                    if let failure {
                        core?.logger.error("the shared store refuses this instance's writes: unready", metadata: ["error": "\(failure)"])
                    } else {
                        core?.logger.notice("the shared store takes this instance's writes again: ready")
                    }
                }))
        if let session = store.session { core.raiseTreeIncarnations(to: UInt64(session) << 32) }
        if let failure = store.commitProbeFailure {
            core.logger.error("the shared store refuses this instance's writes: unready", metadata: ["error": "\(failure)"])
        }
    }

    /// Another instance asks for `id` (on the lease keeper's thread): true when it is given up
    /// through the journal, behind its records: held here, or given up already and its last
    /// record still to be committed (asked again meanwhile), or at the next request once listed
    /// (it is being loaded). False: nothing of it is in memory or in the journal, and the
    /// keeper gives it up at once.
    private func releaseRequested(_ id: String) -> Bool {
        guard let core else { return false }
        // Given up in the store alone now, it would still be listed here once loaded, served by two instances.
        if loading.withLock({ $0.contains(id) }) { return true }
        if let box = core.registry.held(id) {
            box.giveUp(releasing: true)
            return true
        }
        guard let ticket = core.registry.givenUpTicket(id), let journal = core.journal, journal.failure == nil else { return false }
        return journal.state(of: ticket) == .pending
    }

    /// Whether this instance's lease is valid: what it holds is its own.
    var isLeaseValid: Bool { store.isLeaseValid }

    /// The session this instance serves under now: its lease's, nil while that is not valid.
    var servingSession: Int64? { isLeaseValid ? store.session : nil }

    /// Ready to serve (`/readyz`): a valid lease, and a store that takes this instance's writes.
    var isServing: Bool { store.isLeaseValid && store.canCommit }

    /// Takes `id` over for `caller`; `completion` runs once, on the ownership's queue. With
    /// access control, the tree's owner is read from the store first (one indexed row, no
    /// lock): a tree the caller may not see is `absent` to it, never taken from its holder nor
    /// loaded here. Only trees not held here come this way, so requests on held trees never ask.
    func acquire(_ id: String, for caller: Caller?, _ completion: @escaping @Sendable (Outcome) -> Void) {
        let arrived = ContinuousClock.now
        guard let caller, caller.role != .admin else { return queue.async { self.join(id, arrived: arrived, completion) } }
        let index = readerIndex(for: id)
        readerQueues[index].async { [self] in
            do {
                guard let stored = try readers[index].owner(of: id) else { return queue.async { completion(.absent) } }
                let owner = stored.ownerTokenHash.flatMap { core?.configuration.accessTokens?.callerName(forTokenHash: $0) } ?? stored.owner
                guard caller.canSee(treeOwnedBy: owner) else { return queue.async { completion(.absent) } }
                queue.async { self.join(id, arrived: arrived, completion) }
            } catch {
                core?.logger.warning("reading a tree's owner from the shared store failed", metadata: ["tree": "\(id)", "error": "\(error)"])
                queue.async { completion(.failed(.stateUnavailable())) }
            }
        }
    }

    /// Adds a request to `id`'s job (starting it), answered `tree_busy` at its own deadline.
    private func join(_ id: String, arrived: ContinuousClock.Instant, _ completion: @escaping @Sendable (Outcome) -> Void) {
        waitersSoFar += 1
        let waiter = Waiter(number: waitersSoFar, deadline: arrived + patience, completion: completion)
        queue.asyncAfter(deadline: .now() + Self.nanoseconds(waiter.deadline - .now)) { [self] in expire(id, waiter.number) }
        if jobs[id] != nil {
            jobs[id]?.waiters.append(waiter)
            return
        }
        jobs[id] = Job(waiters: [waiter], lastProblem: .treeBusy(id, seconds: Int(patience.components.seconds)))
        attempt(id)
    }

    /// A request's deadline: answered with why its job has not taken the tree yet.
    private func expire(_ id: String, _ number: Int) {
        guard let job = jobs[id], let index = job.waiters.firstIndex(where: { $0.number == number }) else { return }
        let waiter = job.waiters[index]
        jobs[id]?.waiters.remove(at: index)
        if jobs[id]?.waiters.isEmpty == true {
            if let error = job.lastError {
                core?.logger.warning("taking a tree over from the shared store failed", metadata: ["tree": "\(id)", "error": "\(error)"])
            }
            jobs.removeValue(forKey: id)
        }
        waiter.completion(.failed(job.lastProblem))
    }

    /// Up to `limit` trees after `cursor` that `caller` may see, from the store.
    func list(
        after cursor: String?, limit: Int, caller: Caller?, tokens: AccessTokens?,
        _ completion: @escaping @Sendable (Result<[ListedTree], Problem>) -> Void
    ) {
        let index = listings.add(1, ordering: .relaxed).newValue % Self.readerCount
        readerQueues[index].async { [self] in
            let everyOwner = caller.map { $0.role == .admin } ?? true
            do {
                let trees = try readers[index].list(
                    after: cursor, limit: limit, everyOwner: everyOwner, owner: caller?.name,
                    ownerTokenHash: caller.flatMap { tokens?.tokenHash(ofCaller: $0.name) })
                completion(.success(trees))
            } catch {
                core?.logger.warning("listing trees from the shared store failed", metadata: ["error": "\(error)"])
                completion(.failure(.stateUnavailable()))
            }
        }
    }

    /// Whoever held `id` gave it up: a job waiting for it tries at once.
    private func wake(_ id: String) {
        queue.async { [self] in
            guard let job = jobs[id] else { return }
            if job.attempting {
                jobs[id]?.wokenMeanwhile = true
            } else {
                jobs[id]?.generation += 1
                attempt(id)
            }
        }
    }

    /// One attempt, its statements on the tree's reader; what it came to goes back to `queue`.
    private func attempt(_ id: String) {
        guard let core, jobs[id] != nil, jobs[id]?.attempting == false else { return }
        jobs[id]?.attempting = true
        jobs[id]?.wokenMeanwhile = false
        let index = readerIndex(for: id)
        readerQueues[index].async { [self] in
            let step = takeOver(id, core: core, reader: readers[index])
            queue.async { self.settle(id, step) }
        }
    }

    /// Takes `id` over and installs it, or says when to try again.
    private func takeOver(_ id: String, core: ServiceCore, reader: any SharedTreeReader) -> Step {
        guard store.isLeaseValid, let session = store.session else {
            return .failedAttempt(.stateUnavailable(), error: "this instance holds no lease on the store", retryAfter: .milliseconds(50))
        }
        if let held = core.registry.held(id) {
            if core.registry.isServable(held) { return .finished(.loaded) }
            // Listed under a lease that lapsed (paused, or listed as the lease was lost): stale.
            held.giveUp(releasing: false)
        }
        if let ticket = core.registry.givenUpTicket(id) { core.journal?.waitUntilDecided(ticket) }
        do {
            loading.withLock { _ = $0.insert(id) }
            defer { loading.withLock { _ = $0.remove(id) } }
            switch try reader.takeOverAndLoad(id) {
            case .loaded(let stored):
                guard let outcome = core.install(stored, session: session, giveBack: { try? reader.giveBack(id) }) else {
                    return .failedAttempt(.stateUnavailable(), error: "the lease was lost while the tree was taken over", retryAfter: .milliseconds(50))
                }
                return .finished(outcome)
            case .absent:
                return .finished(.absent)
            case .held(_, _, let expiresIn):
                // Its holder was asked at every try, not once: a request it missed (sent while
                // its keeper was reconnecting) would leave the tree held until the patience ran out.
                // Told when it is given up; otherwise tried again as its holder's lease would lapse.
                return .retry(after: min(expiresIn + .milliseconds(20), .milliseconds(250)))
            }
        } catch {
            core.logger.debug("taking a tree over failed", metadata: ["tree": "\(id)", "error": "\(error)"])
            return .failedAttempt(.stateUnavailable(), error: "\(error)", retryAfter: .milliseconds(100))
        }
    }

    private func settle(_ id: String, _ step: Step) {
        guard let job = jobs[id] else { return }
        jobs[id]?.attempting = false
        switch step {
        case .finished(let outcome):
            finish(id, outcome)
        case .retry(let delay):
            job.wokenMeanwhile ? attempt(id) : retry(id, after: delay)
        case .failedAttempt(let problem, let error, let delay):
            jobs[id]?.lastProblem = problem
            jobs[id]?.lastError = error
            retry(id, after: delay)
        }
    }

    /// Tries again after `delay`, or at the last waiting request's deadline if that comes
    /// first; after it, each request's own deadline answers it.
    private func retry(_ id: String, after delay: Duration) {
        guard let job = jobs[id], let latest = job.waiters.map(\.deadline).max() else { return }
        let remaining = latest - ContinuousClock.now
        guard remaining > .zero else { return }
        let generation = job.generation + 1
        jobs[id]?.generation = generation
        queue.asyncAfter(deadline: .now() + Self.nanoseconds(min(delay, remaining))) { [self] in
            if jobs[id]?.generation == generation { attempt(id) }
        }
    }

    private func finish(_ id: String, _ outcome: Outcome) {
        jobs.removeValue(forKey: id)?.waiters.forEach { $0.completion(outcome) }
    }

    private static func nanoseconds(_ duration: Duration) -> DispatchTimeInterval {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(max(0, Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)))
    }

    /// Waits for the jobs under way, then closes the store connections of its own.
    func close() {
        queue.sync {}
        for (reader, readerQueue) in zip(readers, readerQueues) { readerQueue.sync { reader.close() } }
    }
}
