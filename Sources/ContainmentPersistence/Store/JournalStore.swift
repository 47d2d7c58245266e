/// Where the state journal commits: what the service needs of a durable store, so another
/// database can stand behind the same journal. `SQLiteStore` is SQLite's. Every call but
/// `currentStatistics` comes from one thread at a time (start-up, then the journal's writer).
public protocol JournalStore: AnyObject, Sendable {
    /// Names the store in messages (a path, a URL without its password).
    var location: String { get }

    /// Every stored tree with its latest snapshot and its journal since, in tree id order;
    /// a record that fails its checksum, or cannot be read, throws naming its tree.
    func loadTrees() throws(StateStoreError) -> [StoredTree]

    /// Writes `records` in one transaction, in order, all or nothing, with at most
    /// `snapshotsPerCommit` of the snapshots queued so far. A throw is a failure of the whole
    /// store: the journal then refuses everything until a restart.
    func commit(_ records: [JournalRecord]) throws(StateStoreError)

    /// The same for a store whose commits may refuse some trees and go on: the records of each
    /// tree it returns were not committed (with why), every other record was. A store shared
    /// by several instances refuses the trees another instance owns now. By default `commit`,
    /// refusing none.
    func commit(refusing records: [JournalRecord]) throws(StateStoreError) -> [String: StateStoreError]

    /// Whether snapshots wait for a commit; the journal's writer then commits even with no
    /// record to write.
    var hasQueuedSnapshots: Bool { get }

    /// Whether a commit mostly waits for another process (a database server): the journal then
    /// sends each commit's held answers from a second thread while its writer goes on to the
    /// next commit. False by default: a store that commits in-process keeps the cores for the
    /// commit and the requests, and the second thread only cost it wake-ups.
    var commitsWaitOnAnotherProcess: Bool { get }

    /// Makes every commit so far survive a power loss, whatever the store's own setting (for
    /// `--state-sync-interval`).
    func sync() throws(StateStoreError)

    /// Starts a new generation of the trees loaded from this store: a number no earlier start
    /// used, durable with every commit before it by the time it returns (what was loaded can
    /// no longer be lost). 0 for a store that keeps no generations.
    func beginGeneration() throws(StateStoreError) -> UInt64

    /// Keeps, durably before any of them is served, the heads the trees were loaded at under
    /// `generation`, with the latest loads of each (`StoredTree.loads`).
    func recordLoads(_ loads: [(tree: String, incarnation: UInt64, load: TreeLoad)]) throws(StateStoreError)

    /// What the store wrote since it opened.
    func currentStatistics() -> StoreStatistics

    /// Releases the store (its lock, its connection); no call may follow.
    func close()

    /// What taking trees over needs, when other instances share this store; nil by default (a
    /// store of this instance's own).
    var shared: (any SharedTreeStore)? { get }
}

extension JournalStore {
    public var commitsWaitOnAnotherProcess: Bool { false }

    public var shared: (any SharedTreeStore)? { nil }

    public func beginGeneration() throws(StateStoreError) -> UInt64 { 0 }

    public func recordLoads(_ loads: [(tree: String, incarnation: UInt64, load: TreeLoad)]) throws(StateStoreError) {}

    public func commit(refusing records: [JournalRecord]) throws(StateStoreError) -> [String: StateStoreError] {
        try commit(records)
        return [:]
    }
}

/// Counts of what a store wrote since it opened.
public struct StoreStatistics: Sendable, Equatable {
    public var commits = 0
    public var records = 0
    /// Passes that deleted the journal's dead rows.
    public var cleanings = 0
    /// Pages written (SQLite: to the WAL) since the store opened.
    public var pagesWritten: Int64 = 0

    public init() {}
}
