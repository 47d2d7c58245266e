import Containment
import ContainmentPersistence
import Logging
import Synchronization

/// The state every route shares: configuration, trees, event hub, metrics, logger.
final class ServiceCore: Sendable {
    let configuration: ServiceConfiguration
    let logger: Logger
    let metrics: ServiceMetrics
    let hub: EventHub
    let registry: TreeRegistry
    /// What trees may hold in memory, by estimate; 507 beyond it.
    let budget: MemoryBudget
    /// Completes real-clock transitions on time.
    let transitionTimer: TransitionTimer
    /// What every tree box is given of the above.
    let treeEnvironment: TreeBoxEnvironment
    let crossOrigin: CrossOriginPolicy
    /// The state directory's journal (`--state-dir`), or the shared store's (`--state-url`);
    /// nil keeps trees in memory only.
    let journal: StateJournal?
    /// With a store shared by several instances: takes over the trees this instance is asked for.
    let ownership: TreeOwnership?
    private let shuttingDown = Atomic<Bool>(false)
    /// Set at SIGTERM, before `shuttingDown`: `/readyz` answers 503 while requests are still served.
    private let draining = Atomic<Bool>(false)
    /// Set once the server serves; a store restoring trees at startup would set it after.
    private let ready = Atomic<Bool>(false)
    private let treeIncarnations = Atomic<UInt64>(0)
    /// The generation trees created now are given (`TreeHistory`), set by the restore.
    let generation = Atomic<UInt64>(0)

    init(configuration: ServiceConfiguration, logger: Logger, journal: StateJournal? = nil, ownership: TreeOwnership? = nil) {
        self.configuration = configuration
        self.journal = journal
        self.ownership = ownership
        crossOrigin = CrossOriginPolicy(origins: configuration.corsOrigins)
        self.logger = logger
        metrics = ServiceMetrics()
        hub = EventHub(
            metrics: metrics, heartbeatInterval: configuration.heartbeatInterval,
            streamFlushDelay: configuration.streamFlushDelay, durability: Self.durability(of: journal))
        var servingSession: (@Sendable () -> Int64?)?
        if let ownership { servingSession = { ownership.servingSession } }
        registry = TreeRegistry(limit: configuration.maxTrees, isShared: ownership != nil, servingSession: servingSession)
        budget = MemoryBudget(limit: configuration.memoryBudget)
        transitionTimer = TransitionTimer()
        treeEnvironment = TreeBoxEnvironment(
            journal: journal, hub: hub, metrics: metrics, budget: budget, transitionTimer: transitionTimer, registry: registry,
            configuration: configuration)
        transitionTimer.onDue { [weak self] tree in
            guard let self, let box = try? registry.box(tree) else { return }
            // Catching up is what completes the due transitions; the read itself is empty, and
            // nobody waits for its answer.
            _ = try? box.read(commit: nil) { _ in () }
        }
        journal?.onProgress { [weak hub] in hub?.streams.durabilityAdvanced() }
        // A shared store refused these trees' records: another instance holds them now.
        journal?.onRefused { [weak self] trees in
            guard let self else { return }
            for (id, refusal) in trees {
                switch refusal {
                case .ownershipLost, .treeExists: break  // routine, and the answer says so
                default: logger.warning("the state store refused a commit", metadata: ["tree": "\(id)", "error": "\(refusal)"])
                }
                registry.held(id)?.giveUp(releasing: false)
            }
        }
        ownership?.start(core: self)
    }

    /// Whether a journal ticket is durable, for the streams; nil without a state directory.
    private static func durability(of journal: StateJournal?) -> StreamFanOut.Durability? {
        guard let journal else { return nil }
        return { journal.state(of: $0) }
    }

    var isShuttingDown: Bool { shuttingDown.load(ordering: .acquiring) }

    func beginShutdown() { shuttingDown.store(true, ordering: .releasing) }

    var isDraining: Bool { draining.load(ordering: .acquiring) }

    func beginDraining() { draining.store(true, ordering: .releasing) }

    /// Ready to take traffic: started and not shutting down (`GET /readyz`).
    /// A failed state directory makes the instance unready too: it refuses changes until it is
    /// restarted.
    var isReady: Bool {
        ready.load(ordering: .acquiring) && !isDraining && !isShuttingDown && journal?.failure == nil && !isStateStalled
            && ownership?.isServing != false
    }

    /// Whether the running commit has taken longer than `stateStallSeconds`.
    var isStateStalled: Bool {
        guard let running = journal?.runningCommitDuration else { return false }
        return running > .milliseconds(Int64(configuration.stateStallSeconds * 1000))
    }

    func markReady() { ready.store(true, ordering: .releasing) }

    /// A number no other tree box of this process has, for entity tags.
    func nextTreeIncarnation() -> UInt64 { treeIncarnations.add(1, ordering: .relaxed).newValue }

    /// After a restore: later trees get numbers above every restored tree's.
    func raiseTreeIncarnations(to floor: UInt64) {
        var current = treeIncarnations.load(ordering: .relaxed)
        while current < floor {
            let (exchanged, original) = treeIncarnations.compareExchange(expected: current, desired: floor, ordering: .relaxed)
            if exchanged { return }
            current = original
        }
    }
}

extension ServiceCore {
    /// Runs `mutation` on the request's tree under that tree's lock, journals it and publishes
    /// its events; `answer` builds the response's subject from what it produced.
    /// `journalingBody`: the journal keeps the request body itself as the mutation's record
    /// (a raw-call batch, whose body `JournalCoding` reads back as the route did). Every method
    /// but DELETE may make the tree grow, so it answers to the memory budget.
    func mutate<Result: Sendable>(
        _ request: ServiceRequest, _ mutation: TreeMutation, journalingBody: Bool = false,
        _ answer: (ContainmentTree, TreeMutation.Applied, _ step: inout TreeStep) throws(Problem) -> Result
    ) throws(Problem) -> (Result, MutationEvents) {
        let payload = request.head.method == "DELETE" ? nil : request.http.body.count
        let body = journalingBody && journal != nil ? request.http.body : nil
        return try box(request).apply(mutation, payload: payload, body: body, commit: request.commit, answer)
    }

    /// The request's tree, when its caller may see it; otherwise the same 404 as a missing tree.
    /// With a shared store, a tree not held here, or held under a lease this instance can no
    /// longer count on, is taken over first (`TreeRegistry.isServable`).
    func box(_ request: ServiceRequest) throws(Problem) -> TreeBox {
        try registry.box(request.parameter("tree"), for: request.caller, commit: request.commit, absent: request.absentTrees)
    }

    /// The request's tree for a read: also one whose deletion is not durable yet, which reads
    /// show as it was before (`TreeBox.readDurable`).
    func readableBox(_ request: ServiceRequest) throws(Problem) -> TreeBox {
        try registry.box(request.parameter("tree"), for: request.caller, commit: request.commit, absent: request.absentTrees, reading: true)
    }

    /// Reads the request's tree as of its last acknowledged change, waiting for no commit
    /// (`TreeBox.readAcknowledged`).
    func readAcknowledged<Result: Sendable>(
        _ request: ServiceRequest, _ body: (ContainmentTree, TreeListing) throws(Problem) -> Result
    ) throws(Problem) -> Result {
        try readableBox(request).readAcknowledged(commit: request.commit, body)
    }

    /// Reads the request's tree as of its last durable version, waiting for no commit
    /// (`TreeBox.readDurable`).
    func read<Result: Sendable>(_ request: ServiceRequest, _ body: (ContainmentTree) throws(Problem) -> Result) throws(Problem) -> Result {
        try readableBox(request).readDurableTree(commit: request.commit, body)
    }
}

extension Problem {
    /// Runs an engine call, turning its `ContainmentError` into the matching problem.
    static func engine<Value>(_ body: () throws -> Value) throws(Problem) -> Value {
        do {
            return try body()
        } catch let error as ContainmentError {
            throw Problem(error)
        } catch let problem as Problem {
            throw problem
        } catch {
            throw .internalError("Unexpected engine error: \(error)")
        }
    }
}
