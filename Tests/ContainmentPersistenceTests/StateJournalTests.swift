import ContainmentPersistence
import Dispatch
import Glibc
import Testing

@Suite struct StateJournalTests {
    /// On the writer's thread, and on the completion thread of a store on another process.
    @Test(arguments: [false, true])
    func completionsRunOnceDurableAndFlushWaitsForEverythingAppended(onAnotherProcess: Bool) throws {
        let directory = TemporaryDirectory()
        let store = try SQLiteStore(directory: directory.path, synchronous: .normal)
        let journal = StateJournal(store: onAnotherProcess ? OnAnotherProcess(store) : store)
        let completed = Failures()
        _ = journal.append(.createTree(SQLiteStoreTests.header("a")))
        for version in 2...50 {
            let ticket = journal.append(.mutation(SQLiteStoreTests.entry("a", version: UInt64(version))))
            journal.whenDurable(ticket) { failure in completed.add(failure.map { "\($0)" } ?? "ok \(version)") }
        }
        journal.flush()
        // Every completion has run once `flush` returns, in ticket order (the server stops
        // after it: an answer still queued then would never be sent).
        #expect(completed.all == (2...50).map { "ok \($0)" })
        #expect(try store.loadTrees().first?.entries.count == 49)
        journal.close()
    }

    /// For a store on another process, completions run on a thread of their own: one that
    /// takes its time holds up the answers queued behind it, not the next commit.
    @Test func aSlowCompletionDoesNotHoldUpTheNextCommitOfAStoreOnAnotherProcess() throws {
        let directory = TemporaryDirectory()
        let store = try SQLiteStore(directory: directory.path, synchronous: .normal)
        let journal = StateJournal(store: OnAnotherProcess(store))
        let release = DispatchSemaphore(value: 0)
        let completed = Failures()
        let first = journal.append(.createTree(SQLiteStoreTests.header("a")))
        journal.whenDurable(first) { _ in
            release.wait()
            completed.add("first")
        }
        let second = journal.append(.mutation(SQLiteStoreTests.entry("a", version: 2)))
        journal.whenDurable(second) { _ in completed.add("second") }
        let third = journal.append(.mutation(SQLiteStoreTests.entry("a", version: 3)))
        let appended = ContinuousClock.now
        while journal.state(of: third) == .pending, ContinuousClock.now - appended < .seconds(5) { usleep(1_000) }
        #expect(journal.state(of: third) == .durable)
        #expect(completed.all.isEmpty)
        release.signal()
        journal.flush()
        #expect(completed.all == ["first", "second"])
        journal.close()
    }

    @Test func afterAFailedCommitEveryWaiterAndEveryLaterAppendFails() throws {
        let directory = TemporaryDirectory()
        let store = try SQLiteStore(directory: directory.path, synchronous: .normal)
        let journal = StateJournal(store: store)
        try journal.waitUntilDurable(journal.append(.createTree(SQLiteStoreTests.header("a"))))
        #expect(journal.failure == nil)
        // A mutation of a tree the store never heard of breaks no constraint, so the failure is
        // forced by closing the store under the journal.
        journal.close()
        let ticket = journal.append(.mutation(SQLiteStoreTests.entry("a", version: 2)))
        #expect(throws: StateStoreError.self) { try journal.waitUntilDurable(ticket) }
        #expect(journal.failure != nil)
    }
}

extension StateJournalTests {
    /// `--state-sync-interval`: a commit is synced within the interval even when nothing else
    /// follows it, and an idle journal does not sync again.
    @Test func aCommitIsSyncedWithinTheIntervalAndAnIdleJournalStaysQuiet() throws {
        let directory = TemporaryDirectory()
        let store = CountingSyncs(try SQLiteStore(directory: directory.path, synchronous: .normal))
        let journal = StateJournal(store: store, syncInterval: 0.2)
        try journal.waitUntilDurable(journal.append(.createTree(SQLiteStoreTests.header("a"))))
        let committed = ContinuousClock.now
        #expect(store.syncs.isEmpty)
        while store.syncs.isEmpty, ContinuousClock.now - committed < .seconds(5) { usleep(10_000) }
        let first = try #require(store.syncs.first)
        #expect(first - committed >= .milliseconds(150))
        #expect(first - committed < .seconds(2))
        usleep(600_000)
        #expect(store.syncs.count == 1)
        #expect(journal.syncCount == 1)
        journal.close()
    }
}

/// A store that notes when it was asked to sync.
final class CountingSyncs: JournalStore, @unchecked Sendable {
    let base: SQLiteStore
    private let lock = DispatchSemaphore(value: 1)
    private var instants: [ContinuousClock.Instant] = []

    init(_ base: SQLiteStore) { self.base = base }

    var syncs: [ContinuousClock.Instant] {
        lock.wait()
        defer { lock.signal() }
        return instants
    }

    var location: String { base.location }
    func loadTrees() throws(StateStoreError) -> [StoredTree] { try base.loadTrees() }
    func commit(_ records: [JournalRecord]) throws(StateStoreError) { try base.commit(records) }
    var hasQueuedSnapshots: Bool { base.hasQueuedSnapshots }
    func currentStatistics() -> StoreStatistics { base.currentStatistics() }
    func close() { base.close() }

    func sync() throws(StateStoreError) {
        try base.sync()
        lock.wait()
        instants.append(.now)
        lock.signal()
    }
}

/// Errors gathered from concurrent writers.
final class Failures: @unchecked Sendable {
    private let lock = DispatchSemaphore(value: 1)
    private var messages: [String] = []

    func add(_ message: String) {
        lock.wait()
        messages.append(message)
        lock.signal()
    }

    var all: [String] {
        lock.wait()
        defer { lock.signal() }
        return messages
    }
}

/// A SQLite store that says its commits wait on another process, as PostgreSQL's do.
final class OnAnotherProcess: JournalStore, @unchecked Sendable {
    let base: SQLiteStore

    init(_ base: SQLiteStore) { self.base = base }

    var location: String { base.location }
    func loadTrees() throws(StateStoreError) -> [StoredTree] { try base.loadTrees() }
    func commit(_ records: [JournalRecord]) throws(StateStoreError) { try base.commit(records) }
    var hasQueuedSnapshots: Bool { base.hasQueuedSnapshots }
    var commitsWaitOnAnotherProcess: Bool { true }
    func sync() throws(StateStoreError) { try base.sync() }
    func currentStatistics() -> StoreStatistics { base.currentStatistics() }
    func close() { base.close() }
}
