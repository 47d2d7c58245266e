import Glibc
import Synchronization

/// The state store several instances share (`--state-url`): the SQLite store's trees, journal
/// and snapshots in PostgreSQL (`PostgresSchema`), written by one instance per tree at a time.
///
/// Every commit is fenced: in its own transaction it locks the `containment_heads` row of each
/// tree it writes, and writes only the trees whose row still names this instance, the epoch
/// it took the tree under, while this instance's lease is valid. An instance that lost its
/// lease (paused, cut off, declared dead) or whose tree another instance took over can never
/// commit to that tree again: its records are refused (`commit(refusing:)`) and the service
/// gives the tree up. A commit is two round trips in pipeline mode: the fence (and the claim
/// of each new tree), then the writes and `COMMIT`; one of journal entries and releases of
/// held trees alone is one.
///
/// Four connections: the journal's writer commits on one, a `PostgresTreeReader` takes trees
/// over and loads them on another, the `PostgresLease` keeper renews the lease and hears the
/// notifications on the third, and the `PostgresJournalCleaner` deletes the journal rows
/// written snapshots made dead on the fourth (opened with the first snapshot).
public final class PostgresStore: SharedTreeStore, @unchecked Sendable {
    /// The URL without user, password or query (`PostgresURL.redacted`), for messages.
    public let location: String
    public let leaseTiming: LeaseTiming
    public let synchronous: StoreSynchronous
    /// How this instance names itself in `containment_instances` and `pg_stat_activity`.
    let instanceName: String
    let url: PostgresURL
    let channels: PostgresChannels
    let ownership = Mutex(PostgresOwnership())
    private let cleaner: PostgresJournalCleaner
    /// Writer-owned, like everything below.
    private var writer: PostgresConnection?
    private var snapshots = SnapshotQueue<PendingSnapshot>()
    private var statistics = StoreStatistics()
    private let statisticsLock = Mutex(StoreStatistics())
    private(set) var lease: PostgresLease!
    /// Why the last `PostgresCommitProbe` failed; nil when it passed.
    private let commitProbe = Mutex<String?>(nil)
    /// Set when the database refused a commit: the lease keeper probes at once.
    let probeWanted = Atomic<Bool>(false)

    /// Connects, creates the tables when there are none, registers this instance (`name`, for
    /// operators reading `containment_instances`) and starts renewing its lease.
    /// `synchronous`: `full` flushes every commit before its answer (`synchronous_commit = on`);
    /// `normal` answers once the commit is in the database's memory (`synchronous_commit =
    /// off`: every instance may crash, the database flushes within `wal_writer_delay`, so only a
    /// crash of the database server itself can lose the last commits). Then a writer whose
    /// connection broke gives every tree up before it commits again (the server may have
    /// restarted without them).
    public init(
        url: String, instanceName: String, leaseTiming: LeaseTiming = .standard, synchronous: StoreSynchronous = .full
    ) throws(StateStoreError) {
        do {
            self.url = try PostgresURL(url)
        } catch {
            throw .unreadable(path: "the state URL", reason: error.description)
        }
        self.leaseTiming = leaseTiming
        self.synchronous = synchronous
        self.instanceName = instanceName
        location = self.url.redacted
        cleaner = PostgresJournalCleaner(url: self.url, instanceName: instanceName)
        let connection: PostgresConnection
        do {
            connection = try PostgresConnection(url: self.url)
        } catch {
            throw .unreadable(path: location, reason: "\(error)")
        }
        try PostgresSchema.prepare(connection, location: location)
        do {
            try Self.configureWriter(connection, name: instanceName, leaseTiming, synchronous)
        } catch {
            throw .unreadable(path: location, reason: "\(error)")
        }
        let schema: String
        do {
            schema = try connection.query("SELECT current_schema()").text(0, 0) ?? "public"
        } catch {
            throw .unreadable(path: location, reason: "\(error)")
        }
        channels = PostgresChannels(schema: schema)
        writer = connection
        lease = try PostgresLease(store: self, instanceName: instanceName)
        let failure = try? PostgresCommitProbe.run(connection, session: session)
        commitProbe.withLock { $0 = failure ?? nil }
    }

    /// Whether the store takes this instance's writes, by the last `PostgresCommitProbe`
    /// (at start, every 5 s, and at once after the database refused a commit): readiness.
    public var canCommit: Bool { commitProbe.withLock { $0 == nil } }

    /// Why the last probe failed (PostgreSQL's error, for the log); nil when it passed.
    public var commitProbeFailure: String? { commitProbe.withLock { $0 } }

    /// Keeps a probe's outcome; true when it differs from the last one.
    func recordProbe(_ failure: String?) -> Bool {
        commitProbe.withLock { last in
            defer { last = failure }
            return (last == nil) != (failure == nil)
        }
    }

    /// This instance's session, nil while it holds no valid lease.
    public var session: Int64? { ownership.withLock { $0.session } }

    /// The generation trees created now give event ids out under (`TreeLoad`); 0 without a lease.
    public var sessionGeneration: UInt64 { ownership.withLock { UInt64(bitPattern: $0.generation) } }

    /// The generation this instance holds `tree` under (its takeover's epoch); 0 when not held.
    public func generation(of tree: String) -> UInt64 { ownership.withLock { $0.held[tree].map { UInt64(bitPattern: $0) } ?? 0 } }

    /// Whether this instance's lease is valid by its own clock (with `LeaseTiming.margin`).
    public var isLeaseValid: Bool { lease.isValid }

    /// What the lease keeper reports: the lease lost (every tree this instance held is gone: it
    /// must give them all up), another instance asking for one of its trees, a tree given up by
    /// whoever held it (an acquirer waiting for it may try again), and each new session.
    public func onOwnershipEvents(_ events: OwnershipEvents) { lease.setHandlers(events) }

    /// A connection of its own for taking trees over, loading and listing them.
    public func openReader() -> PostgresTreeReader { PostgresTreeReader(store: self) }

    public var hasQueuedSnapshots: Bool { !snapshots.isEmpty }

    /// Each commit waits for PostgreSQL's answer.
    public var commitsWaitOnAnotherProcess: Bool { true }

    /// Other instances share it: this is what taking trees over needs.
    public var shared: (any SharedTreeStore)? { self }

    public func currentStatistics() -> StoreStatistics { statisticsLock.withLock { $0 } }

    /// Every commit so far is flushed once a transaction committed with `synchronous_commit =
    /// on` is: the database's log is flushed in order, up to that commit's record. A sync that
    /// fails gives every tree up, as a broken connection does (it never stops the journal).
    public func sync() {
        guard let session = ownership.withLock({ $0.session }), let connection = try? connected() ?? nil else { return }
        do {
            for result in try connection.pipeline([
                .init(sql: "BEGIN", parameters: []), .init(sql: "SET LOCAL synchronous_commit = on", parameters: []),
                .init(sql: "UPDATE containment_instances SET expires_at = expires_at WHERE id = $1", parameters: [.int(session)]),
                .init(sql: "COMMIT", parameters: []),
            ]) {
                _ = try result.get()
            }
        } catch {
            broke()
        }
    }

    public func commit(_ records: [JournalRecord]) throws(StateStoreError) {
        if let refusal = try commit(refusing: records).values.first { throw refusal }
    }

    public func commit(refusing records: [JournalRecord]) throws(StateStoreError) -> [String: StateStoreError] {
        for record in records {
            switch record {
            case .snapshot(let pending): snapshots.enqueue(pending)
            case .createTree, .deleteTree, .release: snapshots.drop(tree: record.tree)
            case .mutation: break
            }
        }
        // Encoded before the transaction begins: no lock waits on a big tree's encoding.
        let written = snapshots.take(1).map { StoredSnapshot(tree: $0.tree, state: $0.encode(), version: $0.version, manualTime: $0.manualTime) }
        let plan = PostgresCommitPlan(records: records, snapshots: written, ownership: ownership.withLock { $0 })
        var refusals = plan.refusedUpFront
        if !plan.isEmpty {
            let outcome = run(plan)
            refusals.merge(outcome.refusals) { first, _ in first }
            ownership.withLock { ownership in
                for (tree, epoch) in outcome.epochs { ownership.held[tree] = epoch }
                for tree in outcome.givenUp { ownership.held[tree] = nil }
                for tree in refusals.keys { ownership.held[tree] = nil }
            }
        }
        for tree in refusals.keys { snapshots.drop(tree: tree) }
        if !plan.isEmpty {
            let written = plan.snapshots.map(\.tree).filter { refusals[$0] == nil }
            if !written.isEmpty { cleaner.snapshotsWritten(written) }
        }
        statistics.commits += 1
        statistics.records += records.count - records.count { refusals[$0.tree] != nil }
        statisticsLock.withLock { $0 = statistics }
        return refusals
    }

    /// The two round trips of `plan`; what they refused, the epochs of the trees created and
    /// the trees given up.
    private func run(_ plan: PostgresCommitPlan) -> PostgresCommitPlan.Outcome {
        let connection: PostgresConnection
        do {
            guard let usable = try connected() else { return plan.refusingAll(.commitInDoubt(reason: "the connection broke")) }
            connection = usable
        } catch {
            return plan.refusingAll(.commitFailed(reason: "\(error)"))
        }
        if plan.isOneTrip { return runInOneTrip(plan, connection) }
        let fence: PostgresCommitPlan.Fence
        do {
            let results = try connection.pipeline([.init(sql: "BEGIN", parameters: [])] + plan.fenceStatements())
            fence = try plan.fence(from: Array(results.dropFirst()))
        } catch {
            // Nothing is committed without the COMMIT of the second round trip.
            if error.isInDoubt { broke() } else { refused(connection) }
            return plan.refusingAll(.commitFailed(reason: "\(error)"))
        }
        guard !fence.accepted.isEmpty else {
            rollBack(connection)
            return plan.refusing(fence, .commitFailed(reason: "no tree to write"))
        }
        let writes = plan.writeStatements(fence, channels: channels)
        let results: [Result<PostgresResult, PostgresError>]
        do {
            results = try connection.pipeline(writes.statements + [.init(sql: "COMMIT", parameters: [])])
        } catch {
            // The COMMIT may have run before the connection broke.
            broke()
            return plan.refusing(fence, .commitInDoubt(reason: "\(error)"))
        }
        for case .failure(let error) in results {
            refused(connection)
            return plan.refusing(fence, .commitFailed(reason: "\(error)"))
        }
        return plan.committed(fence, epochs: writes.epochs(from: results))
    }

    /// `plan`'s fence, entries and releases with `BEGIN` and `COMMIT` in one round trip.
    private func runInOneTrip(_ plan: PostgresCommitPlan, _ connection: PostgresConnection) -> PostgresCommitPlan.Outcome {
        let results: [Result<PostgresResult, PostgresError>]
        do {
            results = try connection.pipeline(plan.oneTripStatements(channels: channels))
        } catch {
            // The COMMIT may have run before the connection broke.
            broke()
            return plan.refusingAll(.commitInDoubt(reason: "\(error)"))
        }
        do {
            // A failure is every later statement's outcome too: the COMMIT's names the first.
            _ = try results[results.count - 1].get()
            return plan.committed(plan.fence(accepting: try results[1].get()), epochs: [:])
        } catch {
            refused(connection)
            return plan.refusingAll(.commitFailed(reason: "\(error)"))
        }
    }

    /// The database refused a statement of a commit: rolled back, and the store probed at once
    /// (`canCommit`), since a refusal may be the store's (privileges, a damaged table) or only
    /// the records' (a value too large).
    private func refused(_ connection: PostgresConnection) {
        probeWanted.store(true, ordering: .relaxed)
        rollBack(connection)
    }

    /// Ends a failed transaction; a connection that cannot is given up.
    private func rollBack(_ connection: PostgresConnection) {
        do {
            try connection.execute("ROLLBACK")
        } catch {
            broke()
        }
    }

    /// The writer's connection broke. With commits not flushed one by one (`normal`), the
    /// database may have restarted without this instance's last commits: every tree is given
    /// up (the lease forfeited) before anything is committed again.
    private func broke() {
        writer?.close()
        writer = nil
        if synchronous == .normal { lease.forfeit() }
    }

    /// The writer's connection, opened again after it broke. A transaction of the writer's left
    /// idle (this process paused between a commit's two round trips) is ended by the server
    /// within a third of the lease, so that its row locks never hold up a takeover for long.
    /// A connection found broken before use is handled as `broke` does and nil returned, so
    /// that nothing of this commit lands after commits the database may have lost.
    private func connected() throws(PostgresError) -> PostgresConnection? {
        if let writer, !writer.isBroken { return writer }
        if writer != nil {
            broke()
            return nil
        }
        let fresh = try PostgresConnection(url: url)
        try Self.configureWriter(fresh, name: instanceName, leaseTiming, synchronous)
        writer = fresh
        return fresh
    }

    /// `name` shows in `pg_stat_activity.application_name`, for operators.
    private static func configureWriter(
        _ connection: PostgresConnection, name: String, _ lease: LeaseTiming, _ synchronous: StoreSynchronous
    ) throws(PostgresError) {
        try connection.execute("SET application_name = \(PostgresValue.literal("containment journal of \(name)"))")
        try connection.execute("SET idle_in_transaction_session_timeout = \(max(1, Int(lease.seconds * 1000 / 3)))")
        try connection.execute("SET synchronous_commit = \(synchronous == .full ? "on" : "off")")
        // Snapshots (megabytes of JSON) compress several times faster with LZ4 than with the
        // default pglz; a server built without LZ4 refuses the setting and keeps pglz.
        try? connection.execute("SET default_toast_compression = lz4")
    }

    /// Every stored tree, as `SQLiteStore.loadTrees` (start-up and tests; the service loads trees
    /// one at a time with a `PostgresTreeReader`).
    public func loadTrees() throws(StateStoreError) -> [StoredTree] {
        do {
            guard let connection = try connected() else { throw PostgresError.connection("the connection broke") }
            return try PostgresTreeLoading.loadAll(connection, location: location)
        } catch let error as PostgresError {
            throw .unreadable(path: location, reason: "\(error)")
        } catch let error as StateStoreError {
            throw error
        } catch {
            throw .unreadable(path: location, reason: "\(error)")
        }
    }

    /// Stops renewing the lease, gives every tree this instance holds up (another instance
    /// takes each at once, without waiting for the lease to lapse) and ends the session. Called
    /// by the journal once its last commit is done.
    public func close() {
        lease.stop()
        cleaner.stop()
        guard let session = ownership.withLock({ $0.session }), let connection = try? connected() ?? nil else { return }
        _ = try? connection.query(
            """
            WITH given AS (UPDATE containment_heads SET instance = NULL WHERE instance = $1 RETURNING tree),
                 gone AS (DELETE FROM containment_instances WHERE id = $1)
            SELECT pg_notify($2, tree) FROM given
            """, [.int(session), .text(channels.released)])
        ownership.withLock { $0 = PostgresOwnership() }
        connection.close()
        writer = nil
    }

    /// Closes every connection and stops the lease keeper without giving anything up, as a
    /// killed process leaves its trees: they move only once its lease lapses. For tests.
    func abandon() {
        lease.stop()
        cleaner.stop()
        writer?.close()
        writer = nil
    }
}
