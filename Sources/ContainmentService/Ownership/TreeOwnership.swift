import ContainmentPersistence
import Dispatch
import Logging
import Synchronization

/// Takes over, for this instance, the trees it is asked for and does not hold (a store shared
/// with other instances, `--state-url`), one job per tree however many requests wait for it,
/// on a queue and a store connection of its own: requests never wait on a thread for it.
///
/// A job waits first until the last record of an earlier box of the tree given up here is
/// decided (no record of it may land under the new epoch), then takes the tree: free (given
/// up, or its owner's lease lapsed) it is loaded and listed; held by a live instance, that
/// instance is asked to give it up and the job tries again when told it did, or within 250 ms
/// (asking again: a notification can be missed); absent, the request goes on knowing it. A job
/// gives up after `patience` (the lease plus two seconds) with `tree_busy`.
final class TreeOwnership: @unchecked Sendable {
    enum Outcome: Sendable {
        /// Held here now (or already was).
        case loaded
        /// The store has no such tree.
        case absent
        case failed(Problem)
    }

    private struct Job {
        var waiters: [@Sendable (Outcome) -> Void]
        let deadline: ContinuousClock.Instant
        /// Bumped by every scheduled attempt: only the latest runs.
        var generation = 0
        /// Why the last attempt did not take the tree.
        var lastProblem: Problem
        /// What the store said at the last failed attempt, logged if the job fails.
        var lastError: String?
    }

    let store: PostgresStore
    private let reader: PostgresTreeReader
    private let queue = DispatchQueue(label: "containment.ownership")
    /// Only touched on `queue`.
    private var jobs: [String: Job] = [:]
    /// Trees an attempt is taking over, until listed (or not): read by the lease keeper.
    private let loading = Mutex<Set<String>>([])
    private weak var core: ServiceCore?
    let patience: Duration

    init(store: PostgresStore) {
        self.store = store
        reader = store.openReader()
        patience = store.leaseTiming.duration + .seconds(2)
    }

    /// Wires the lease keeper's reports to `core`.
    func start(core: ServiceCore) {
        self.core = core
        store.onOwnershipEvents(
            .init(
                lost: { [weak core] in
                    guard let core else { return }
                    core.logger.warning("lease lost: every tree this instance held is given up")
                    core.registry.all.forEach { $0.giveUp(core, releasing: false) }
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
            box.giveUp(core, releasing: true)
            return true
        }
        guard let ticket = core.registry.givenUpTicket(id), let journal = core.journal, journal.failure == nil else { return false }
        return journal.state(of: ticket) == .pending
    }

    /// Whether this instance's lease is valid: what it holds is its own.
    var isLeaseValid: Bool { store.isLeaseValid }

    /// Ready to serve (`/readyz`): a valid lease, and a store that takes this instance's writes.
    var isServing: Bool { store.isLeaseValid && store.canCommit }

    /// Takes `id` over for `caller`; `completion` runs on the job's queue. With access control,
    /// the tree's owner is read from the store first (one indexed row, no lock): a tree the
    /// caller may not see is `absent` to it, never taken from its holder nor loaded here.
    /// Only trees not held here come this way, so requests on held trees never ask.
    func acquire(_ id: String, for caller: Caller?, _ completion: @escaping @Sendable (Outcome) -> Void) {
        queue.async { [self] in
            if let caller, caller.role != .admin {
                do {
                    guard let stored = try reader.owner(of: id) else { return completion(.absent) }
                    let owner = stored.ownerTokenHash.flatMap { core?.configuration.accessTokens?.callerName(forTokenHash: $0) } ?? stored.owner
                    guard caller.canSee(treeOwnedBy: owner) else { return completion(.absent) }
                } catch {
                    core?.logger.warning("reading a tree's owner from the shared store failed", metadata: ["tree": "\(id)", "error": "\(error)"])
                    return completion(.failed(.stateUnavailable()))
                }
            }
            if jobs[id] != nil {
                jobs[id]?.waiters.append(completion)
                return
            }
            jobs[id] = Job(
                waiters: [completion], deadline: .now + patience, lastProblem: .treeBusy(id, seconds: Int(patience.components.seconds)))
            attempt(id)
        }
    }

    /// Up to `limit` trees after `cursor` that `caller` may see, from the store.
    func list(
        after cursor: String?, limit: Int, caller: Caller?, tokens: AccessTokens?,
        _ completion: @escaping @Sendable (Result<[PostgresTreeReader.Listed], Problem>) -> Void
    ) {
        queue.async { [self] in
            let everyOwner = caller.map { $0.role == .admin } ?? true
            do {
                let trees = try reader.list(
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
            guard jobs[id] != nil else { return }
            jobs[id]?.generation += 1
            attempt(id)
        }
    }

    private func attempt(_ id: String) {
        guard let core, jobs[id] != nil else { return }
        if let ticket = core.registry.givenUpTicket(id) { core.journal?.waitUntilDecided(ticket) }
        guard store.isLeaseValid else {
            jobs[id]?.lastProblem = .stateUnavailable()
            jobs[id]?.lastError = "this instance holds no lease on the store"
            return retry(id, after: .milliseconds(50))
        }
        if core.registry.held(id) != nil { return finish(id, .loaded) }
        do {
            loading.withLock { _ = $0.insert(id) }
            defer { loading.withLock { _ = $0.remove(id) } }
            switch try reader.takeOver(id) {
            case .acquired:
                finish(id, core.install(try reader.load(id), giveBack: { [reader] in try? reader.giveBack(id) }))
            case .absent:
                finish(id, .absent)
            case .held(let holder, let epoch, let expiresIn):
                // Asked at every try, not once: a request its holder missed (sent while its keeper
                // was reconnecting) would leave it held until the patience ran out.
                if holder != 0, holder != store.session { try reader.requestRelease(id, from: holder, epoch: epoch) }
                // Told when it is given up; otherwise tried again as its holder's lease would lapse.
                retry(id, after: min(expiresIn + .milliseconds(20), .milliseconds(250)))
            }
        } catch {
            core.logger.debug("taking a tree over failed", metadata: ["tree": "\(id)", "error": "\(error)"])
            jobs[id]?.lastProblem = .stateUnavailable()
            jobs[id]?.lastError = "\(error)"
            retry(id, after: .milliseconds(100))
        }
    }

    private func retry(_ id: String, after delay: Duration) {
        guard let job = jobs[id] else { return }
        guard ContinuousClock.now + delay < job.deadline else {
            if let error = job.lastError {
                core?.logger.warning("taking a tree over from the shared store failed", metadata: ["tree": "\(id)", "error": "\(error)"])
            }
            return finish(id, .failed(job.lastProblem))
        }
        let generation = job.generation + 1
        jobs[id]?.generation = generation
        let nanoseconds = Int(delay.components.seconds) * 1_000_000_000 + Int(delay.components.attoseconds / 1_000_000_000)
        queue.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [self] in
            if jobs[id]?.generation == generation { attempt(id) }
        }
    }

    private func finish(_ id: String, _ outcome: Outcome) {
        jobs.removeValue(forKey: id)?.waiters.forEach { $0(outcome) }
    }

    /// Waits for the jobs under way, then closes the store connection of its own.
    func close() {
        queue.sync { reader.close() }
    }
}
