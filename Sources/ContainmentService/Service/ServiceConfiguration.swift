import ContainmentPersistence
import MicroHTTP

/// Every knob of a running service; the command line fills it, tests shrink it.
public struct ServiceConfiguration: Sendable {
    /// Address, port, threads, connection limits and body limit of the HTTP server.
    public var http = HTTPServerConfiguration()
    /// Most trees held at once; creating one more answers 507.
    public var maxTrees = 10_000
    /// Most controllers in one tree; the engine refuses more (507).
    public var maxControllersPerTree = 10_000
    /// Events kept per tree for `GET .../events`; older ones answer 410.
    public var eventsRetainedPerTree = 10_000
    /// Seconds between heartbeats on idle event streams.
    public var heartbeatInterval: Double = 15
    /// Seconds published events wait before going out to streams, so that the mutation's own
    /// response leaves first and a burst of mutations reaches each stream as one write. With
    /// 10,000 subscribers it keeps mutation latency near what it is with none.
    public var streamFlushDelay: Double = 0.01
    /// Bytes all trees together may hold, by their estimate (`ContainmentTree.estimatedBytes`):
    /// creating a tree that would pass it, or growing one once it is spent, answers 507
    /// `memory_budget_exceeded`. The command line's default is a quarter of the container's
    /// memory limit (cgroup) or else of physical memory, at most 1 GiB; this one (1 GiB) is for embedders and tests.
    public var memoryBudget = 1 << 30
    /// Largest `limit` a page (trees, events) may ask for.
    public var maxPageSize = 1_000
    /// Who may call the service (`--auth-token-file`); nil leaves it open to anyone who can
    /// reach it. When set, every route but `/healthz`, `/readyz` and `/openapi.yaml` (and
    /// `/metrics` unless `protectsMetrics`) needs `Authorization: Bearer TOKEN`.
    public var accessTokens: AccessTokens?
    /// Whether `/metrics` needs a token too (`--auth-metrics`); only with `accessTokens`.
    public var protectsMetrics = false
    /// Origins whose pages may call the service from a browser (CORS), `*` for any; empty,
    /// the default, sends no CORS headers and answers no preflight.
    public var corsOrigins: [String] = []
    /// Seconds requests are still served after SIGTERM, with `/readyz` already 503, so that a
    /// proxy polling it stops sending before the listening socket closes (`--drain-delay`).
    public var drainDelay: Double = 0
    /// Where trees are kept across restarts (`--state-dir`); nil, the default, keeps them in
    /// memory only. Every acknowledged change is committed there before it is answered.
    public var stateDirectory: String?
    /// A PostgreSQL database shared with other instances (`--state-url`, a libpq URL): every
    /// acknowledged change is committed there, any instance serves any tree (taking it over),
    /// one at a time per tree. Nil, the default, leaves `stateDirectory` in charge.
    public var stateURL: String?
    /// How long an instance's lease on its trees in the shared store lasts, and how often it is
    /// renewed (docs/deployment.md). Not an option; tests shorten it.
    public var leaseTiming = LeaseTiming.standard
    /// How durable a commit is before the answer (`--state-sync`): `normal` survives a crash
    /// of the process, `full` also a power loss.
    public var stateSynchronous = StoreSynchronous.normal
    /// Seconds after which every commit is synced at the latest (`--state-sync-interval`), so
    /// that with `normal` a power loss loses at most that much; 0 leaves it to SQLite, which
    /// syncs at checkpoints only (every 2,048 WAL pages, however long that takes).
    public var stateSyncInterval: Double = 0
    /// When a snapshot of a tree's whole state replaces its journal (`--state-snapshot-every`
    /// N): once the journal holds N entries and at least as many bytes as the tree's last
    /// snapshot, so writing snapshots never costs more than writing the journal (a snapshot
    /// holds the retained event log, megabytes for a busy tree), and in any case at 10 × N
    /// entries or `journalBytesPerSnapshot`: no tree's journal grows past those bounds.
    public var journalEntriesPerSnapshot = 1_000
    /// The journal bytes (encoded mutations) per tree that trigger a snapshot whatever its size.
    public static let journalBytesPerSnapshot = 16 << 20
    /// Events a restore may replay per controller of the tree before a snapshot is taken
    /// instead: reading a snapshot costs less per controller than replaying its events.
    public static let replayedEventsPerController = 2
    /// The fewest replayed events that call for a snapshot, so small trees keep the entry
    /// count's pace (not an option; tests lower it).
    public var replayedEventsPerSnapshot = 50_000
    /// Seconds a commit may run before the state directory counts as stalled (a frozen file
    /// system, a hung network volume): `/readyz` then answers 503 `state_stalled`, and a read
    /// waiting for its tree's latest change to be durable gets the same 503 (with
    /// `Retry-After`) instead of waiting longer. Not an option; tests lower it.
    public var stateStallSeconds: Double = 5

    public init() {}
}

extension ServiceConfiguration {
    /// Why `origin` cannot be one of `corsOrigins` (nil when it can).
    public static func corsOriginProblem(_ origin: String) -> String? {
        CrossOriginPolicy.problem(with: origin)
    }
}
