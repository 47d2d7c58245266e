import Synchronization

/// Orders the records of accepted mutations and makes them durable in groups.
///
/// A mutation appends its record while it still holds its tree's lock, so records of one tree
/// are in the order the tree saw them, and gets a ticket. Then, with the lock released, the
/// request waits for its ticket: the first waiter that finds no commit running becomes the
/// committer and writes every record appended so far in one transaction (group commit); the
/// others sleep until a commit covers their ticket. No SQLite call ever runs under a tree lock.
///
/// A failed commit fails every ticket not yet durable and every later one: memory is then ahead
/// of the disk, so the service stops accepting mutations until it is restarted and restores the
/// last durable state.
public final class StateJournal: @unchecked Sendable {
    private let store: StateStore
    private let monitor = Monitor()
    // Guarded by `monitor`.
    private var pending: [JournalRecord] = []
    private var appended: UInt64 = 0
    private var durable: UInt64 = 0
    private var committing = false
    private var failureState: StateStoreError?
    private let hasFailed = Atomic<Bool>(false)
    private var commits: UInt64 = 0

    public init(store: StateStore) {
        self.store = store
    }

    /// Queues `record` behind every record appended before it; the ticket to wait for.
    public func append(_ record: JournalRecord) -> UInt64 {
        monitor.lock()
        defer { monitor.unlock() }
        pending.append(record)
        appended += 1
        return appended
    }

    /// Returns once every record up to `ticket` is committed; throws if a commit failed.
    public func waitUntilDurable(_ ticket: UInt64) throws(StateStoreError) {
        monitor.lock()
        defer { monitor.unlock() }
        while true {
            if let failureState { throw failureState }
            if durable >= ticket { return }
            if committing {
                monitor.wait()
                continue
            }
            committing = true
            let batch = pending
            let last = appended
            pending = []
            monitor.unlock()
            let result = Result { () throws(StateStoreError) in try store.commit(batch) }
            monitor.lock()
            committing = false
            commits += 1
            switch result {
            case .success: durable = last
            case .failure(let error):
                failureState = error
                hasFailed.store(true, ordering: .releasing)
            }
            monitor.wakeAll()
        }
    }

    /// Waits for a running commit, then closes the store; later appends fail their waiters.
    /// Called once the server has stopped, so every answered change is already committed.
    public func close() {
        monitor.lock()
        defer { monitor.unlock() }
        while committing { monitor.wait() }
        if failureState == nil {
            failureState = .commitFailed(reason: "the state directory is closed")
            hasFailed.store(true, ordering: .releasing)
        }
        store.close()
    }

    /// The failure that stopped the journal, if one did. Read on every mutation: an atomic
    /// flag answers the common case without the monitor.
    public var failure: StateStoreError? {
        guard hasFailed.load(ordering: .acquiring) else { return nil }
        monitor.lock()
        defer { monitor.unlock() }
        return failureState
    }

    /// Transactions committed so far (each may hold many records).
    public var commitCount: UInt64 {
        monitor.lock()
        defer { monitor.unlock() }
        return commits
    }
}
