import Dispatch
import Glibc
import Synchronization

/// Keeps this instance's lease on a connection and thread of its own: registers a session
/// (its row in `containment_instances`), renews it every `LeaseTiming.renewal`, and hears the
/// notifications meant for it. A renewal the database refuses (the lease lapsed: the process
/// was paused, or cut off from the database, for longer than `LeaseTiming.duration`) or no
/// renewal in time by this instance's own clock loses the lease: every tree is given up
/// (`OwnershipEvents.lost`) and a new session begins, under which trees are taken over again.
public final class PostgresLease: @unchecked Sendable {
    private weak var store: PostgresStore?
    private let url: PostgresURL
    private let timing: LeaseTiming
    private let channels: PostgresChannels
    private let name: String
    private let handlers = Mutex<OwnershipEvents?>(nil)
    /// `DispatchTime` nanoseconds until which the lease is valid by this instance's clock.
    private let validUntil = Atomic<UInt64>(0)
    /// A session forfeited (`forfeit`) whose row the keeper deletes before its next one: its
    /// trees are free at once instead of when its lease would lapse.
    private let abandoned = Mutex<Int64?>(nil)
    private let keeper = WorkerThread(scheduling: .normal)
    /// The keeper thread's, once it runs.
    private var connection: PostgresConnection?
    private var listening: Int64?

    /// Registers the first session at once (so that the store can commit as soon as it
    /// opens), then starts the keeper's thread.
    init(store: PostgresStore, instanceName: String) throws(StateStoreError) {
        self.store = store
        url = store.url
        timing = store.leaseTiming
        channels = store.channels
        name = instanceName
        do {
            let connection = try PostgresConnection(url: url)
            self.connection = connection
            try connection.execute("SET application_name = \(PostgresValue.literal("containment lease of \(instanceName)"))")
            try connection.execute("SET synchronous_commit = on")
            try connection.execute("LISTEN \(PostgresChannels.quoted(channels.released))")
            try register(connection, store)
        } catch {
            throw .unreadable(path: store.location, reason: "\(error)")
        }
        guard keeper.start({ [self] in keep() }) else {
            throw .unreadable(path: store.location, reason: "the lease keeper's thread could not start")
        }
    }

    func setHandlers(_ handlers: OwnershipEvents) { self.handlers.withLock { $0 = handlers } }

    /// Whether the lease is valid by this instance's clock, `LeaseTiming.margin` early.
    public var isValid: Bool { DispatchTime.now().uptimeNanoseconds < validUntil.load(ordering: .acquiring) }

    /// Stops renewing and returns once the keeper's thread has ended.
    func stop() { keeper.stop() }

    private func keep() {
        var nextRenewal = DispatchTime.now().uptimeNanoseconds + Self.nanoseconds(timing.renewal)
        var nextProbe = DispatchTime.now().uptimeNanoseconds + PostgresCommitProbe.interval
        var heard: [(channel: String, payload: String)] = []
        while !keeper.isStopping, let store {
            let now = DispatchTime.now().uptimeNanoseconds
            if store.session != nil && now >= validUntil.load(ordering: .acquiring) { lose(store) }
            do {
                let connection = try connected(store)
                if now >= nextRenewal || store.session == nil {
                    nextRenewal = now + Self.nanoseconds(timing.renewal)
                    try renew(connection, store)
                }
                if now >= nextProbe || store.probeWanted.exchange(false, ordering: .relaxed) {
                    nextProbe = now + PostgresCommitProbe.interval
                    let failure = try PostgresCommitProbe.run(connection, session: store.session)
                    if store.recordProbe(failure) { handlers.withLock { $0 }?.commits(failure) }
                }
                if heard.isEmpty {
                    let wait = min(nextRenewal &- DispatchTime.now().uptimeNanoseconds, 100_000_000)
                    // First those libpq read with a statement's answer (a renewal's): the socket never shows them.
                    heard = try connection.notifications()
                    if heard.isEmpty, Self.readable(connection.socket, nanoseconds: wait) { heard = try connection.notifications() }
                }
                // A renewal due waits for one release at most (`LeaseTiming.releaseLockWait`); the rest are heard after it.
                while !heard.isEmpty, DispatchTime.now().uptimeNanoseconds < nextRenewal {
                    let (channel, payload) = heard.removeFirst()
                    try hear(channel, payload, connection, store)
                }
            } catch {
                connection?.close()
                connection = nil
                listening = nil
                usleep(UInt32(min(Self.nanoseconds(timing.renewal), 100_000_000) / 1_000))
            }
        }
        connection?.close()
        connection = nil
    }

    /// The keeper's connection, opened again (and listening again, at once: a request sent
    /// before is missed, and its asker asks again) after it broke.
    private func connected(_ store: PostgresStore) throws(PostgresError) -> PostgresConnection {
        if let connection, !connection.isBroken { return connection }
        let fresh = try PostgresConnection(url: url)
        try fresh.execute("SET application_name = \(PostgresValue.literal("containment lease of \(name)"))")
        // A session's generation is durable before any event id is given out under it.
        try fresh.execute("SET synchronous_commit = on")
        try fresh.execute("LISTEN \(PostgresChannels.quoted(channels.released))")
        let session = store.session
        if let session { try fresh.execute("LISTEN \(PostgresChannels.quoted(channels.release(of: session)))") }
        connection = fresh
        listening = session
        return fresh
    }

    /// Renews the session's lease, or begins a session when there is none.
    private func renew(_ connection: PostgresConnection, _ store: PostgresStore) throws(PostgresError) {
        guard let session = store.session else { return try register(connection, store) }
        let sent = DispatchTime.now().uptimeNanoseconds
        let renewed = try connection.query(
            """
            UPDATE containment_instances SET expires_at = clock_timestamp() + make_interval(secs => $2)
            WHERE id = $1 AND expires_at > clock_timestamp() RETURNING id
            """, [.int(session), .double(timing.seconds)], prepared: true)
        guard renewed.rowCount == 1 else { return lose(store) }
        extend(from: sent)
        if listening != session {
            try connection.execute("LISTEN \(PostgresChannels.quoted(channels.release(of: session)))")
            listening = session
        }
    }

    /// A new session: its row, its lease, and the channel where it hears requests for its trees.
    private func register(_ connection: PostgresConnection, _ store: PostgresStore) throws(PostgresError) {
        if let old = abandoned.withLock({ $0 }) {
            _ = try connection.query("DELETE FROM containment_instances WHERE id = $1", [.int(old)])
            abandoned.withLock { $0 = nil }
        }
        let sent = DispatchTime.now().uptimeNanoseconds
        let row = try connection.query(
            """
            WITH old AS (DELETE FROM containment_instances WHERE expires_at < clock_timestamp() - interval '1 day')
            INSERT INTO containment_instances (id, name, expires_at)
            VALUES (nextval('containment_sessions'), $1, clock_timestamp() + make_interval(secs => $2))
            RETURNING id, nextval('containment_epochs')
            """, [.text(name), .double(timing.seconds)], prepared: true)
        let session = row.int(0, 0)
        let generation = row.int(0, 1)
        try connection.execute("LISTEN \(PostgresChannels.quoted(channels.release(of: session)))")
        listening = session
        store.ownership.withLock { $0 = PostgresOwnership(session: session, generation: generation) }
        extend(from: sent)
        handlers.withLock { $0 }?.session(session)
    }

    private func extend(from sent: UInt64) {
        validUntil.store(sent + Self.nanoseconds(timing.duration) - Self.nanoseconds(timing.margin), ordering: .releasing)
    }

    /// Gives every tree up and begins a new session, as a lost lease does: the store may have
    /// lost commits this instance counted as made (its writer lost its connection while commits
    /// were not flushed one by one).
    func forfeit() {
        guard let store, let session = store.session else { return }
        abandoned.withLock { $0 = session }
        lose(store)
    }

    /// The lease is gone: nothing is held any more, and the service gives every tree up.
    private func lose(_ store: PostgresStore) {
        validUntil.store(0, ordering: .releasing)
        store.ownership.withLock { $0 = PostgresOwnership() }
        handlers.withLock { $0 }?.lost()
    }

    private func hear(_ channel: String, _ payload: String, _ connection: PostgresConnection, _ store: PostgresStore) throws(PostgresError) {
        guard let handlers = handlers.withLock({ $0 }) else { return }
        if channel == channels.released {
            handlers.released(payload)
        } else if let session = store.session, channel == channels.release(of: session),
            let request = PostgresChannels.releaseRequest(from: payload), !handlers.releaseRequested(request.tree)
        {
            try release(request.tree, epoch: request.epoch, session: session, connection, store)
        }
    }

    /// Gives `tree` up at once if this instance still holds it under `epoch`, the one the
    /// asker saw (a takeover of this instance's own since then holds it under a newer one, and
    /// lists it). A row locked past `LeaseTiming.releaseLockWait` leaves it held: its asker
    /// asks again within 250 ms.
    private func release(
        _ tree: String, epoch: Int64, session: Int64, _ connection: PostgresConnection, _ store: PostgresStore
    ) throws(PostgresError) {
        let wait = max(1, Self.nanoseconds(timing.releaseLockWait) / 1_000_000)
        let results = try connection.pipeline([
            .init(sql: "BEGIN", parameters: []), .init(sql: "SET LOCAL lock_timeout = \(wait)", parameters: []),
            .init(sql: Self.release, parameters: [.text(tree), .int(session), .int(epoch), .text(channels.released)], prepared: true),
            .init(sql: "COMMIT", parameters: []),
        ])
        do throws(PostgresError) {
            for result in results { _ = try result.get() }
        } catch {
            // Ended here, or the connection's next renewal would fail in the aborted transaction.
            try connection.execute("ROLLBACK")
            if case .statement(sqlState: Self.lockNotAvailable, _) = error { return }
            throw error
        }
        store.ownership.withLock { ownership in
            if ownership.held[tree] == epoch { ownership.held[tree] = nil }
        }
    }

    /// PostgreSQL's code for a lock not granted within `lock_timeout`.
    static let lockNotAvailable = "55P03"

    /// Gives the tree up, under the epoch the asker saw, and tells every instance once committed.
    static let release = """
        WITH given AS (UPDATE containment_heads SET instance = NULL WHERE tree = $1 AND instance = $2 AND epoch = $3 RETURNING tree)
        SELECT pg_notify($4, tree) FROM given
        """

    private static func readable(_ socket: Int32, nanoseconds: UInt64) -> Bool {
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, Int32(nanoseconds / 1_000_000)) > 0
    }

    private static func nanoseconds(_ duration: Duration) -> UInt64 {
        UInt64(duration.components.seconds) * 1_000_000_000 + UInt64(duration.components.attoseconds / 1_000_000_000)
    }
}
