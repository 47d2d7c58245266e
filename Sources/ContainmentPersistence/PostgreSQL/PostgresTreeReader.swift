/// Takes trees over for this instance, loads them and lists every tree, on a connection of its
/// own (one thread at a time): the journal's writer never waits for it.
public final class PostgresTreeReader: SharedTreeReader, @unchecked Sendable {
    /// What taking a tree over found.
    public enum TakeOver: Sendable, Equatable {
        /// This instance holds it now, under a new epoch: load it.
        case acquired
        /// No such tree.
        case absent
        /// Another instance holds it under a valid lease and `epoch`, for `expiresIn` more
        /// unless renewed: ask it to give the tree up (`requestRelease`) and try again once it
        /// has, or once its lease lapsed. Held by 0: given up, but this instance's own lease
        /// is not valid.
        case held(by: Int64, epoch: Int64, expiresIn: Duration)
    }

    private let store: PostgresStore
    private var connection: PostgresConnection?

    init(store: PostgresStore) {
        self.store = store
    }

    /// Takes `tree` for this instance when it is free: given up, or held by an instance whose
    /// lease lapsed (or by this one, under an older epoch). Its row is locked meanwhile, so a
    /// commit of the previous owner either went before (and is loaded after) or is refused.
    public func takeOver(_ tree: String) throws(StateStoreError) -> TakeOver {
        guard let session = store.session else { throw .ownershipLost(tree: tree) }
        let results = try run { () throws(PostgresError) in
            try connected().pipeline([
                .init(sql: Self.takeOver, parameters: [.int(session), .text(tree), .int(Int64(TreeLoad.keptPerTree) - 1)], prepared: true),
                .init(sql: Self.holder, parameters: [.text(tree)], prepared: true),
            ])
        }
        let taken = try run { () throws(PostgresError) in try results[0].get() }
        if taken.rowCount == 1 {
            let epoch = taken.int(0, 0)
            store.ownership.withLock { ownership in
                if ownership.session == session { ownership.held[tree] = epoch }
            }
            return .acquired
        }
        let holder = try run { () throws(PostgresError) in try results[1].get() }
        guard holder.rowCount == 1 else { return .absent }
        return .held(
            by: holder.isNull(0, 0) ? 0 : holder.int(0, 0), epoch: holder.int(0, 1),
            expiresIn: .milliseconds(Int64(max(0, holder.double(0, 2)) * 1000)))
    }

    /// `takeOver`, then `load` when taken or `requestRelease` of its live holder, as one
    /// pipeline: a hand-off's step costs one round trip to the database, not three. The load
    /// reads only a tree this instance now holds, after the takeover's row lock, so a commit of
    /// the previous owner either went before (and is read) or is refused.
    public func takeOverAndLoad(_ tree: String) throws(StateStoreError) -> HandOffStep {
        guard let session = store.session else { throw .ownershipLost(tree: tree) }
        let held: [PostgresValue] = [.text(tree), .int(session)]
        let results = try run { () throws(PostgresError) in
            try connected().pipeline([
                .init(sql: Self.takeOver, parameters: [.int(session), .text(tree), .int(Int64(TreeLoad.keptPerTree) - 1)], prepared: true),
                .init(
                    sql: Self.holderAsked,
                    parameters: [.text(tree), .int(session), .text(store.channels.releasePrefix), .text(store.channels.releaseSuffix)],
                    prepared: true),
                .init(sql: PostgresTreeLoading.header + PostgresTreeLoading.ifHeld("id"), parameters: held, prepared: true),
                .init(sql: PostgresTreeLoading.snapshot + PostgresTreeLoading.ifHeld("tree"), parameters: held, prepared: true),
                .init(sql: PostgresTreeLoading.journal + PostgresTreeLoading.liveRowsIfHeld, parameters: held, prepared: true),
                .init(sql: PostgresTreeLoading.loadsIfHeld, parameters: held, prepared: true),
            ])
        }
        let taken = try run { () throws(PostgresError) in try results[0].get() }
        guard taken.rowCount == 1 else {
            let holder = try run { () throws(PostgresError) in try results[1].get() }
            guard holder.rowCount == 1 else { return .absent }
            return .held(
                by: holder.isNull(0, 0) ? 0 : holder.int(0, 0), epoch: holder.int(0, 1),
                expiresIn: .milliseconds(Int64(max(0, holder.double(0, 2)) * 1000)))
        }
        let epoch = taken.int(0, 0)
        store.ownership.withLock { ownership in
            if ownership.session == session { ownership.held[tree] = epoch }
        }
        let rows = try run { () throws(PostgresError) in try results[2...].map { result throws(PostgresError) in try result.get() } }
        return .loaded(try PostgresTreeLoading.oneTree(headers: rows[0], snapshots: rows[1], entries: rows[2], loads: rows[3]))
    }

    /// Gives back a tree this instance took but cannot serve (it does not rebuild, or this
    /// instance is full), so that another can take it at once.
    public func giveBack(_ tree: String) throws(StateStoreError) {
        guard let session = store.session else { return }
        _ = try run { () throws(PostgresError) in
            try connected().query(PostgresCommitPlan.release, [.text(tree), .int(session), .text(store.channels.released)], prepared: true)
        }
        store.ownership.withLock { _ = $0.held.removeValue(forKey: tree) }
    }

    /// The tree as stored (nil when there is none), each record checked.
    public func load(_ tree: String) throws(StateStoreError) -> StoredTree? {
        let connection = try run { () throws(PostgresError) in try connected() }
        return try PostgresTreeLoading.load(connection, tree: tree, location: store.location)
    }

    /// Who created `tree` (the name and token hash it is stored with), nil when there is no
    /// such tree: one row by its key, no lock, whoever holds the tree.
    public func owner(of tree: String) throws(StateStoreError) -> (owner: String?, ownerTokenHash: String?)? {
        let rows = try run { () throws(PostgresError) in
            try connected().query("SELECT owner, owner_token_hash FROM containment_trees WHERE id = $1", [.text(tree)], prepared: true)
        }
        return rows.rowCount == 1 ? (rows.text(0, 0), rows.text(0, 1)) : nil
    }

    /// Tells instance `holder`, seen holding `tree` under `epoch`, that this instance asks for
    /// it (it gives the tree up once its records of it are committed, and only under that epoch
    /// when it has nothing of it in memory).
    public func requestRelease(_ tree: String, from holder: Int64, epoch: Int64) throws(StateStoreError) {
        _ = try run { () throws(PostgresError) in
            try connected().query(
                "SELECT pg_notify($1, $2)",
                [.text(store.channels.release(of: holder)), .text(PostgresChannels.releaseRequest(for: tree, epoch: epoch))],
                prepared: true)
        }
    }

    /// Up to `limit` trees in id order after `cursor`, those created by a token hashed
    /// `ownerTokenHash` (or named `owner` when created before the token had a hash) only,
    /// unless `everyOwner`.
    public func list(after cursor: String?, limit: Int, everyOwner: Bool, owner: String?, ownerTokenHash: String?) throws(StateStoreError) -> [ListedTree] {
        let rows = try run { () throws(PostgresError) in
            try connected().query(
                Self.list,
                [
                    .text(cursor ?? ""), .int(Int64(limit)), .int(everyOwner ? 1 : 0), owner.map { .text($0) } ?? .null,
                    ownerTokenHash.map { .text($0) } ?? .null,
                ], prepared: true)
        }
        return (0..<rows.rowCount).map { row in
            ListedTree(
                id: rows.text(row, 0) ?? "", clock: rows.text(row, 1) ?? "", owner: rows.text(row, 2), ownerTokenHash: rows.text(row, 3),
                listing: TreeListing(
                    version: UInt64(bitPattern: rows.int(row, 4)), lastSeq: UInt64(bitPattern: rows.int(row, 5)),
                    controllers: Int(rows.int(row, 6))))
        }
    }

    public func close() {
        connection?.close()
        connection = nil
    }

    /// Opens its connection now, so that the first takeover does not wait for it (several round
    /// trips to a database far away); one that fails is opened again at the next statement.
    public func open() {
        _ = try? connected()
    }

    /// Its connection, opened again after it broke, set up in one round trip. A takeover waits
    /// at most `lockWait` for a tree's row (held by the owner's commit): then it is tried again
    /// later, and the other trees waiting to be taken over are not held up. A takeover's
    /// generation and the head it found are durable (with every commit before them) before the
    /// tree is served (`synchronous_commit`).
    private func connected() throws(PostgresError) -> PostgresConnection {
        if let connection, !connection.isBroken { return connection }
        let fresh = try PostgresConnection(url: store.url)
        try fresh.execute(
            "SET application_name = \(PostgresValue.literal("containment trees of \(store.instanceName)")); "
                + "SET lock_timeout = \(Self.lockWait); SET synchronous_commit = on")
        connection = fresh
        return fresh
    }

    /// Milliseconds a statement of the reader waits for a row lock.
    static let lockWait = 500

    private func run<Value>(_ body: () throws(PostgresError) -> Value) throws(StateStoreError) -> Value {
        do {
            return try body()
        } catch {
            throw .unreadable(path: store.location, reason: "\(error)")
        }
    }

    /// Takes the tree under a new epoch, which is also the generation its event ids are given
    /// out under, and records the load (`TreeLoad`): the generation before, and the head found
    /// (the latest journal row's, else the head row's). The tree's latest loads are kept.
    static let takeOver = """
        WITH taken AS (
            UPDATE containment_heads AS h SET instance = $1, epoch = e.n, generation = e.n, previous = h.generation
            FROM (SELECT nextval('containment_epochs') AS n) AS e
            WHERE h.tree = $2
              AND EXISTS (SELECT 1 FROM containment_instances i WHERE i.id = $1 AND i.expires_at > clock_timestamp())
              AND (h.instance IS NULL OR h.instance = $1
                   OR NOT EXISTS (SELECT 1 FROM containment_instances o WHERE o.id = h.instance AND o.expires_at > clock_timestamp()))
            RETURNING h.epoch, h.previous, h.version, h.last_seq),
             head AS (
            SELECT t.epoch, t.previous, coalesce(j.version, t.version) AS version, coalesce(j.last_seq, t.last_seq) AS last_seq
            FROM taken t LEFT JOIN LATERAL (
                SELECT version, last_seq FROM containment_journal
                WHERE tree = $2 AND version > t.version ORDER BY version DESC LIMIT 1) j ON true),
             recorded AS (
            INSERT INTO containment_loads (tree, generation, previous, last_seq, version)
            SELECT $2, epoch, previous, last_seq, version FROM head),
             pruned AS (
            DELETE FROM containment_loads WHERE tree = $2 AND generation < (
                SELECT min(generation) FROM (
                    SELECT generation FROM containment_loads WHERE tree = $2 ORDER BY generation DESC LIMIT $3) AS kept)
              AND EXISTS (SELECT 1 FROM taken))
        SELECT epoch FROM head
        """

    static let holder = """
        SELECT h.instance, h.epoch, coalesce(extract(epoch FROM i.expires_at - clock_timestamp()), 0)::float8
        FROM containment_heads h LEFT JOIN containment_instances i ON i.id = h.instance WHERE h.tree = $1
        """

    /// `holder`, and its live holder other than this instance (`$2`) asked to give the tree up
    /// on its channel (`$3` its number `$4`) in the same round trip.
    static let holderAsked = """
        SELECT h.instance, h.epoch, coalesce(extract(epoch FROM i.expires_at - clock_timestamp()), 0)::float8,
            CASE WHEN i.expires_at > clock_timestamp() AND h.instance <> $2
                THEN pg_notify($3 || h.instance || $4, h.epoch || ' ' || h.tree) END
        FROM containment_heads h LEFT JOIN containment_instances i ON i.id = h.instance WHERE h.tree = $1
        """

    /// Each tree as its latest journal row lists it, or as its head does when it has none newer
    /// (the head lists it as created; a snapshot's cleaning keeps the latest row).
    static let list = """
        SELECT h.tree, t.clock, t.owner, t.owner_token_hash,
            coalesce(j.version, h.version), coalesce(j.last_seq, h.last_seq), coalesce(j.controllers, h.controllers)
        FROM containment_heads h JOIN containment_trees t ON t.id = h.tree
        LEFT JOIN LATERAL (
            SELECT version, last_seq, controllers FROM containment_journal
            WHERE tree = h.tree AND version > h.version ORDER BY version DESC LIMIT 1) j ON true
        WHERE h.tree > $1
          AND ($3 = 1 OR t.owner_token_hash = $5 OR (t.owner_token_hash IS NULL AND t.owner = $4))
        ORDER BY h.tree LIMIT $2
        """
}
