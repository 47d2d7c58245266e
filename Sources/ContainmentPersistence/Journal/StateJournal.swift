import Dispatch
import Glibc
import Synchronization

/// Orders the records of accepted mutations and makes them durable in groups.
///
/// A mutation appends its record while it still holds its tree's lock, so records of one tree
/// are in the order the tree saw them, and gets a ticket. One writer thread commits: each
/// transaction takes every record appended so far, so records that arrive while a commit runs
/// share the next one (group commit). With the tree's lock released, the request either waits
/// for its ticket (`waitUntilDurable`) or hands over what to do once it is durable
/// (`whenDurable`), freeing its thread for other requests; for a store on another process, a
/// second thread runs those (`CompletionThread`) while the writer goes on to the next commit.
/// No database call ever runs under a tree lock or on a request's thread.
///
/// A failed commit fails every ticket not yet durable and every later one: memory is then ahead
/// of the disk, so the service stops accepting mutations until it is restarted and restores the
/// last durable state. A store shared by several instances may instead refuse some trees'
/// records and commit the rest (`JournalStore.commit(refusing:)`): those tickets are refused,
/// each with why, and the journal goes on.
public final class StateJournal: @unchecked Sendable {
    public typealias Completion = @Sendable (StateStoreError?) -> Void

    /// Where a ticket stands.
    public enum TicketState: Sendable, Equatable {
        case pending
        case durable
        /// Its record was not committed and never will be (its tree was refused).
        case refused
    }

    private let store: any JournalStore
    /// At most this long after a commit, every commit is synced (`JournalStore.sync`); nil
    /// leaves syncing to the store's own durability setting.
    private let syncInterval: UInt64?
    /// The writer's thread: one commit at a time, each taking every record appended so far.
    private let writer = WorkerThread(scheduling: .batch)
    private let monitor: Monitor
    /// Where a commit's completions, refusals and progress run when the store waits on
    /// another process; otherwise on the writer's thread.
    private let completer: CompletionThread?
    // Guarded by `monitor`.
    private var pending: [JournalRecord] = []
    private var appended: UInt64 = 0
    private var durable: UInt64 = 0
    private var completions: [(ticket: UInt64, completion: Completion)] = []
    private var failureState: StateStoreError?
    /// The writer is running a commit's completions (when no completion thread does).
    private var delivering = false
    private var commits: UInt64 = 0
    private var progressHandler: (@Sendable () -> Void)?
    /// When the oldest commit not yet synced must be (`Monitor.now` nanoseconds).
    private var syncDue: UInt64?
    private var syncs = 0
    private var refusalHandler: (@Sendable ([String: StateStoreError]) -> Void)?
    /// Refused tickets with why, the newest `refusalsKept` of them: what observed a refused
    /// ticket asks within moments (the tree is given up as the refusal is reported).
    private var refused: [UInt64: StateStoreError] = [:]
    /// Whether any ticket was ever refused: until then `isDurable` needs no lock.
    private let hasRefusals = Atomic<Bool>(false)
    static let refusalsKept = 1 << 16
    private let hasFailed = Atomic<Bool>(false)
    /// `durable`, readable without the monitor: every read of a tree asks it.
    private let durableTicket = Atomic<UInt64>(0)
    /// When the running commit began (`DispatchTime` nanoseconds), 0 between commits.
    private let commitStarted = Atomic<UInt64>(0)

    /// `syncInterval`: seconds after which every commit is synced at the latest (`--state-sync-interval`).
    public init(store: any JournalStore, syncInterval: Double? = nil) {
        self.store = store
        completer = store.commitsWaitOnAnotherProcess ? CompletionThread() : nil
        self.syncInterval = syncInterval.map { UInt64(max(0.001, $0) * 1_000_000_000) }
        monitor = writer.monitor
        if !writer.start({ [self] in runWriter() }) {
            failureState = .commitFailed(reason: "the journal's writer thread could not start")
            hasFailed.store(true, ordering: .releasing)
        }
    }

    /// Queues `record` behind every record appended before it; the ticket to wait for.
    public func append(_ record: JournalRecord) -> UInt64 {
        monitor.lock()
        defer { monitor.unlock() }
        pending.append(record)
        appended += 1
        monitor.wakeAll()
        return appended
    }

    /// Whether every record up to `ticket` is decided and `ticket`'s own was committed.
    public func isDurable(_ ticket: UInt64) -> Bool {
        guard durableTicket.load(ordering: .sequentiallyConsistent) >= ticket else { return false }
        return !hasRefusals.load(ordering: .acquiring) || state(of: ticket) == .durable
    }

    /// Whether `ticket`'s record is still to be committed, was, or was refused.
    public func state(of ticket: UInt64) -> TicketState {
        guard durableTicket.load(ordering: .sequentiallyConsistent) >= ticket else { return .pending }
        guard hasRefusals.load(ordering: .acquiring) else { return .durable }
        monitor.lock()
        defer { monitor.unlock() }
        return refused[ticket] == nil ? .durable : .refused
    }

    /// Calls `handler` after a commit that refused trees (where completions run), with each
    /// refused tree and why, before the completions of the refused tickets run: the service
    /// gives those trees up first. Set before the first append.
    public func onRefused(_ handler: @escaping @Sendable ([String: StateStoreError]) -> Void) {
        monitor.lock()
        refusalHandler = handler
        monitor.unlock()
    }

    /// Returns once every record up to `ticket` is decided, committed or refused (or the
    /// journal failed): a tree given up is taken again only after its last record is.
    public func waitUntilDecided(_ ticket: UInt64) {
        monitor.lock()
        defer { monitor.unlock() }
        while durable < ticket && failureState == nil { monitor.wait() }
    }

    /// Calls `handler` after each commit, successful or not (where completions run): what
    /// waits for durability without a ticket of its own (held stream deliveries) looks again.
    /// Set before the first append.
    public func onProgress(_ handler: @escaping @Sendable () -> Void) {
        monitor.lock()
        progressHandler = handler
        monitor.unlock()
    }

    /// How long the running commit has taken so far; nil between commits. A disk that stops
    /// taking writes (a frozen file system, a hung network volume) shows here first.
    public var runningCommitDuration: Duration? {
        let started = commitStarted.load(ordering: .relaxed)
        guard started != 0 else { return nil }
        return .nanoseconds(Int64(clamping: DispatchTime.now().uptimeNanoseconds &- started))
    }

    /// Returns once every record up to `ticket` is committed; throws if a commit failed.
    public func waitUntilDurable(_ ticket: UInt64) throws(StateStoreError) {
        monitor.lock()
        defer { monitor.unlock() }
        while true {
            if durable >= ticket {
                if let refusal = refused[ticket] { throw refusal }
                return
            }
            if let failureState { throw failureState }
            monitor.wait()
        }
    }

    /// Waits until everything appended so far is committed (or a commit failed) and its
    /// completions have run, so the responses held for it are sent before the server stops.
    public func flush() {
        monitor.lock()
        let last = appended
        while (durable < last && failureState == nil) || delivering { monitor.wait() }
        monitor.unlock()
        completer?.waitUntilIdle()
    }

    /// Calls `completion` once every record up to `ticket` is committed (nil) or a commit
    /// failed (the failure): at once on this thread if that is already decided, else where
    /// completions run, in the order of the commits.
    public func whenDurable(_ ticket: UInt64, _ completion: @escaping Completion) {
        monitor.lock()
        let decided: StateStoreError?? = durable >= ticket ? .some(refused[ticket]) : failureState.map { .some($0) }
        if decided == nil { completions.append((ticket, completion)) }
        monitor.unlock()
        if let decided { completion(decided) }
    }

    private enum Work {
        case commit
        case sync
        case stop
    }

    /// What the writer does next, waiting until there is something; with the monitor held.
    private func nextWork() -> Work {
        while true {
            if !pending.isEmpty { return .commit }
            if writer.isStopping { return .stop }
            // Snapshots the store still queues get a commit of their own once no record waits
            // (unless a commit failed: nothing is written any more).
            if failureState == nil && store.hasQueuedSnapshots { return .commit }
            guard let syncDue, failureState == nil else {
                monitor.wait()
                continue
            }
            if Monitor.now >= syncDue { return .sync }
            monitor.wait(until: syncDue)
        }
    }

    private func runWriter() {
        monitor.lock()
        while true {
            switch nextWork() {
            case .stop:
                monitor.unlock()
                return
            case .sync:
                monitor.unlock()
                let result = Result { () throws(StateStoreError) in try store.sync() }
                monitor.lock()
                syncDue = nil
                syncs += 1
                if case .failure(let error) = result { fail(error) }
            case .commit:
                commitNext()
            }
        }
    }

    /// Commits everything queued; with the monitor held (released meanwhile).
    private func commitNext() {
        // Woken by the first record: let the request threads that are ready to run append
        // theirs before taking the batch. Each commit writes whole WAL pages, so one record per
        // commit spent a third of the process's CPU on this thread under `/calls` load; with
        // nothing else ready to run this returns at once.
        monitor.unlock()
        sched_yield()
        monitor.lock()
        let batch = pending
        let last = appended
        pending = []
        monitor.unlock()
        commitStarted.store(DispatchTime.now().uptimeNanoseconds, ordering: .relaxed)
        let result = Result { () throws(StateStoreError) -> [String: StateStoreError] in
            if let failureState = self.failure { throw failureState }
            return try store.commit(refusing: batch)
        }
        commitStarted.store(0, ordering: .relaxed)
        monitor.lock()
        commits += 1
        var refusals: [String: StateStoreError] = [:]
        switch result {
        case .success(let refusedTrees):
            refusals = refusedTrees
            if !refusedTrees.isEmpty { refuse(batch, endingAt: last, refusedTrees) }
            durable = last
            durableTicket.store(last, ordering: .sequentiallyConsistent)
            if let syncInterval, syncDue == nil { syncDue = Monitor.now + syncInterval }
        case .failure(let error):
            fail(error)
        }
        let ready = failureState == nil ? completions.filter { $0.ticket <= durable } : completions
        completions.removeAll { failureState != nil || $0.ticket <= durable }
        let failure = failureState
        let refusedTickets = refused
        let progress = progressHandler
        let refusal = refusalHandler
        let delivery = {
            if !refusals.isEmpty { refusal?(refusals) }
            for entry in ready { entry.completion(failure ?? refusedTickets[entry.ticket]) }
            progress?()
        }
        monitor.wakeAll()
        // Queued before the monitor is let go: whoever sees these tickets durable and flushes
        // the completer finds them queued.
        if completer?.enqueue(delivery) != true {
            delivering = true
            monitor.unlock()
            delivery()
            monitor.lock()
            delivering = false
            monitor.wakeAll()
        }
    }

    /// Records the journal's failure (the first one stands); with the monitor held.
    private func fail(_ error: StateStoreError) {
        if failureState == nil { failureState = error }
        hasFailed.store(true, ordering: .releasing)
    }

    /// Marks the tickets of `batch` (the last being `last`) whose trees were refused. Under
    /// the monitor.
    private func refuse(_ batch: [JournalRecord], endingAt last: UInt64, _ trees: [String: StateStoreError]) {
        var ticket = last - UInt64(batch.count)
        for record in batch {
            ticket += 1
            if let reason = trees[record.tree] { refused[ticket] = reason }
        }
        if refused.count > Self.refusalsKept {
            let oldest = refused.keys.sorted().prefix(refused.count - Self.refusalsKept / 2)
            for ticket in oldest { refused[ticket] = nil }
        }
        hasRefusals.store(true, ordering: .releasing)
    }

    /// Commits what is queued, stops the writer and closes the store; later appends fail.
    /// Called once the server has stopped, so every answered change is already committed.
    /// Returns what the store wrote while open.
    @discardableResult
    public func close() -> StoreStatistics {
        writer.stop()
        completer?.close()
        monitor.lock()
        if failureState == nil {
            failureState = .commitFailed(reason: "the state directory is closed")
            hasFailed.store(true, ordering: .releasing)
        }
        let orphans = completions
        completions = []
        let failure = failureState
        monitor.unlock()
        orphans.forEach { $0.completion(failure) }
        let statistics = store.currentStatistics()
        store.close()
        return statistics
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

    /// Syncs run for `syncInterval` so far.
    public var syncCount: Int {
        monitor.lock()
        defer { monitor.unlock() }
        return syncs
    }
}
