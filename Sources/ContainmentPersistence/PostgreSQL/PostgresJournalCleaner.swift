/// Deletes the journal rows that written snapshots made dead, on a thread and connection of
/// its own, every tree snapshotted since its last pass in one transaction. Deleting a busy
/// tree's thousands of rows in the commit that wrote its snapshot held the journal's writer,
/// and every commit queued behind it, for milliseconds; one pass for many trees finds each
/// page in memory for all the rows it holds (benchmarks/notes.md). A row left behind
/// meanwhile is harmless: loads skip the rows a tree's snapshot covers.
final class PostgresJournalCleaner: @unchecked Sendable {
    /// How long the cleaner gathers trees between passes, in nanoseconds.
    static let passInterval: UInt64 = 5_000_000_000

    private let url: PostgresURL
    private let instanceName: String
    private let worker = WorkerThread(scheduling: .batch)
    private let monitor: Monitor
    // Guarded by `monitor`.
    private var snapshotted: Set<String> = []
    /// Owned by the cleaner's thread.
    private var connection: PostgresConnection?

    /// The thread starts with the first snapshot written (a store that fails to open never
    /// starts one).
    init(url: PostgresURL, instanceName: String) {
        self.url = url
        self.instanceName = instanceName
        monitor = worker.monitor
    }

    /// `trees` each got a snapshot in a committed transaction: their rows up to it are dead.
    func snapshotsWritten(_ trees: [String]) {
        monitor.lock()
        defer { monitor.unlock() }
        guard !worker.isStopping else { return }
        snapshotted.formUnion(trees)
        monitor.wakeAll()
        if !worker.isRunning { _ = worker.start { [self] in run() } }
    }

    /// Runs a last pass over what is gathered and returns once the thread has ended.
    func stop() { worker.stop() }

    private func run() {
        monitor.lock()
        while true {
            while snapshotted.isEmpty && !worker.isStopping { monitor.wait() }
            if snapshotted.isEmpty { break }
            let trees = snapshotted
            snapshotted = []
            monitor.unlock()
            let cleaned = clean(trees)
            monitor.lock()
            if !cleaned {
                // Tried again at the next pass; at the last one, left to the trees' next snapshots.
                if worker.isStopping { break }
                snapshotted.formUnion(trees)
            }
            let next = Monitor.now + Self.passInterval
            while !worker.isStopping && Monitor.now < next { monitor.wait(until: next) }
        }
        monitor.unlock()
        connection?.close()
    }

    /// Whether the rows were deleted.
    private func clean(_ trees: Set<String>) -> Bool {
        do {
            let connection = try connected()
            // One statement a tree, all in one round trip (and one transaction up to
            // `PostgresConnection.statementsPerSync` trees): each a range of the journal's key.
            let statements = trees.sorted().map { PostgresConnection.Statement(sql: Self.deleteDeadRows, parameters: [.text($0)], prepared: true) }
            for result in try connection.pipeline(statements) { _ = try result.get() }
            return true
        } catch {
            connection?.close()
            connection = nil
            return false
        }
    }

    private func connected() throws(PostgresError) -> PostgresConnection {
        if let connection, !connection.isBroken { return connection }
        let fresh = try PostgresConnection(url: url)
        try fresh.execute("SET application_name = \(PostgresValue.literal("containment journal cleaner of \(instanceName)"))")
        connection = fresh
        return fresh
    }

    /// The rows the tree's current snapshot covers: whatever instance wrote it, and whatever
    /// became of the tree since, rows up to its current snapshot are dead. The tree's latest row
    /// stays: it holds the tree's listing (`PostgresTreeReader.list`). One tree a statement: a
    /// join over many trees let the planner pick a scan of the whole journal.
    static let deleteDeadRows = """
        DELETE FROM containment_journal
        WHERE tree = $1 AND version <= (SELECT version FROM containment_snapshots WHERE tree = $1)
          AND version < (SELECT max(version) FROM containment_journal WHERE tree = $1)
        """
}
