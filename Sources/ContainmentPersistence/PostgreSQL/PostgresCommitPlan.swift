/// One commit of `PostgresStore`, worked out before anything is sent: which trees it fences
/// (held by this instance), which it claims (created in it), which it refuses at once (records
/// of a tree this instance does not hold), and the statements of its two round trips.
struct PostgresCommitPlan {
    typealias Statement = PostgresConnection.Statement

    /// What the commit refused, the epochs of the trees it created, the trees it gave up.
    struct Outcome {
        var refusals: [String: StateStoreError] = [:]
        var epochs: [String: Int64] = [:]
        var givenUp: Set<String> = []
    }

    /// What the fence's round trip left: the trees the commit may write, the epochs of those it
    /// claimed, and why each other tree was refused.
    struct Fence {
        var accepted: Set<String> = []
        var claimEpochs: [String: Int64] = [:]
        var rejected: [String: StateStoreError] = [:]
    }

    /// The writes' statements, and which of them return a tree's new epoch.
    struct Writes {
        var statements: [Statement] = []
        var epochStatements: [(tree: String, index: Int)] = []

        func epochs(from results: [Result<PostgresResult, PostgresError>]) -> [String: Int64] {
            var epochs: [String: Int64] = [:]
            for (tree, index) in epochStatements {
                if case .success(let result) = results[index], result.rowCount == 1 { epochs[tree] = result.int(0, 0) }
            }
            return epochs
        }
    }

    let records: [JournalRecord]
    /// Queued snapshots written with this commit, already encoded.
    let snapshots: [StoredSnapshot]
    let session: Int64
    /// The session's generation, which the trees it creates give event ids out under.
    let generation: Int64
    private(set) var fenced: [(tree: String, epoch: Int64)] = []
    /// Each tree the commit creates, with the listing its row starts with (later ones are in
    /// its journal rows).
    private(set) var claimed: [(tree: String, listing: TreeListing)] = []
    private(set) var refusedUpFront: [String: StateStoreError] = [:]

    init(records: [JournalRecord], snapshots: [StoredSnapshot], ownership: PostgresOwnership) {
        self.records = records
        self.snapshots = snapshots
        session = ownership.session ?? 0
        generation = ownership.generation
        var seen: Set<String> = []
        for record in records {
            let tree = record.tree
            guard seen.insert(tree).inserted else { continue }
            if ownership.session == nil {
                refusedUpFront[tree] = .ownershipLost(tree: tree)
            } else if case .createTree(let header) = record {
                claimed.append((tree, header.listing))
            } else if let epoch = ownership.held[tree] {
                fenced.append((tree, epoch))
            } else {
                refusedUpFront[tree] = .ownershipLost(tree: tree)
            }
        }
        // A snapshot queued in an earlier commit is written only under the fence too; one of a
        // tree no longer held is dropped (its records were refused when it was given up).
        for snapshot in snapshots where ownership.session != nil && seen.insert(snapshot.tree).inserted {
            if let epoch = ownership.held[snapshot.tree] { fenced.append((snapshot.tree, epoch)) }
        }
    }

    var isEmpty: Bool { fenced.isEmpty && claimed.isEmpty }

    /// Whether the commit only adds journal entries to trees this instance holds and gives
    /// some up after their last entry (what a stream of mutations commits, and an owner asked
    /// for a tree): then its fence and writes go with `BEGIN` and `COMMIT` in one round trip
    /// (`oneTripStatements`), and a hand-off waits one round trip less for the release.
    var isOneTrip: Bool {
        guard claimed.isEmpty, snapshots.isEmpty, !fenced.isEmpty else { return false }
        var released: Set<String> = []
        for record in records {
            switch record {
            case .mutation(let entry) where !released.contains(entry.tree): continue
            case .release(let id): released.insert(id)
            default: return false
            }
        }
        return true
    }

    /// `BEGIN`, the fence with the held trees' entries (`fencedEntriesStatement`), the releases
    /// of the trees that passed it (`fencedRelease`), `COMMIT`.
    func oneTripStatements(channels: PostgresChannels) -> [Statement] {
        var statements = [Statement(sql: "BEGIN", parameters: []), fencedEntriesStatement()]
        var released: [(tree: String, epoch: Int64)] = []
        for case .release(let id) in records {
            if let held = fenced.first(where: { $0.tree == id }) { released.append(held) }
        }
        if !released.isEmpty {
            statements.append(
                Statement(
                    sql: Self.fencedRelease,
                    parameters: [.int(session), .textArray(released.map(\.tree)), .intArray(released.map(\.epoch)), .text(channels.released)],
                    prepared: true))
        }
        return statements + [Statement(sql: "COMMIT", parameters: [])]
    }

    /// The fence's statements: the held trees' rows locked in one statement, then one claim
    /// per created tree.
    func fenceStatements() -> [Statement] {
        var statements: [Statement] = []
        if !fenced.isEmpty { statements.append(Statement(sql: Self.fence, parameters: fenceParameters, prepared: true)) }
        for (tree, listing) in claimed {
            statements.append(
                Statement(
                    sql: Self.claim,
                    parameters: [
                        .int(session), .text(tree), .int(Int64(bitPattern: listing.version)), .int(Int64(bitPattern: listing.lastSeq)),
                        .int(Int64(listing.controllers)), .int(generation),
                    ], prepared: true))
        }
        return statements
    }

    /// The fence and the held trees' journal entries in one statement; its rows are the
    /// trees that passed the fence, whose entries it wrote.
    func fencedEntriesStatement() -> Statement {
        var entries: [JournalEntry] = []
        for case .mutation(let entry) in records where refusedUpFront[entry.tree] == nil { entries.append(entry) }
        return Statement(sql: Self.fencedEntries, parameters: fenceParameters + Self.entryParameters(entries), prepared: true)
    }

    /// The trees that passed the fence (the rows of `fencedEntriesStatement`).
    func fence(accepting rows: PostgresResult) -> Fence {
        var fence = Fence()
        for row in 0..<rows.rowCount { fence.accepted.insert(rows.text(row, 0) ?? "") }
        for (tree, _) in fenced where !fence.accepted.contains(tree) { fence.rejected[tree] = .ownershipLost(tree: tree) }
        return fence
    }

    /// `fence`'s parameters: this session, then each held tree with its epoch.
    private var fenceParameters: [PostgresValue] {
        [.int(session), .textArray(fenced.map(\.tree)), .intArray(fenced.map(\.epoch))]
    }

    /// Reads the fence's results (after `BEGIN`'s); a failed statement throws.
    func fence(from results: [Result<PostgresResult, PostgresError>]) throws(PostgresError) -> Fence {
        var fence = Fence()
        var index = 0
        if !fenced.isEmpty {
            fence = self.fence(accepting: try results[index].get())
            index += 1
        }
        for (tree, _) in claimed {
            let row = try results[index].get()
            index += 1
            if !row.isNull(0, 0) {
                fence.accepted.insert(tree)
                fence.claimEpochs[tree] = row.int(0, 0)
            } else {
                // No row written: the tree exists, or this instance's lease lapsed.
                fence.rejected[tree] = row.bool(0, 1) ? .treeExists(tree: tree) : .ownershipLost(tree: tree)
            }
        }
        return fence
    }

    /// The writes of the accepted trees' records, in order, then the snapshot (if its tree is
    /// accepted). A creation after the tree's first record (deleted and created again in the
    /// same commit) takes a new epoch. Consecutive mutations go in one statement: a statement
    /// each cost the database more CPU than the rest of the commit.
    func writeStatements(_ fence: Fence, channels: PostgresChannels) -> Writes {
        var writes = Writes()
        var first: Set<String> = []
        var entries: [JournalEntry] = []
        for record in records where fence.accepted.contains(record.tree) {
            let isFirst = first.insert(record.tree).inserted
            if case .mutation(let entry) = record {
                entries.append(entry)
                continue
            }
            if !entries.isEmpty {
                writes.statements.append(Self.insertEntries(entries))
                entries = []
            }
            switch record {
            case .createTree(let header):
                writes.statements.append(Statement(sql: Self.clearTree, parameters: [.text(header.id)], prepared: true))
                writes.statements.append(
                    Statement(
                        sql: Self.insertTree,
                        parameters: [
                            .text(header.id), .text(header.clock), header.owner.map { .text($0) } ?? .null,
                            header.ownerTokenHash.map { .text($0) } ?? .null, .int(Int64(bitPattern: header.incarnation)),
                            .bytes(header.creation), .int(header.checksum),
                        ], prepared: true))
                if !(isFirst && fence.claimEpochs[header.id] != nil) {
                    let listing = header.listing
                    writes.epochStatements.append((header.id, writes.statements.count))
                    writes.statements.append(
                        Statement(
                            sql: Self.upsertHead,
                            parameters: [
                                .text(header.id), .int(session), .int(Int64(bitPattern: listing.version)),
                                .int(Int64(bitPattern: listing.lastSeq)), .int(Int64(listing.controllers)), .int(generation),
                            ], prepared: true))
                }
            case .mutation, .snapshot:
                break
            case .deleteTree(let id):
                writes.statements.append(Statement(sql: Self.deleteTree, parameters: [.text(id)], prepared: true))
            case .release(let id):
                writes.statements.append(
                    Statement(sql: Self.release, parameters: [.text(id), .int(session), .text(channels.released)], prepared: true))
            }
        }
        if !entries.isEmpty { writes.statements.append(Self.insertEntries(entries)) }
        for snapshot in snapshots where fence.accepted.contains(snapshot.tree) {
            writes.statements.append(
                Statement(
                    sql: Self.writeSnapshot,
                    parameters: [
                        .text(snapshot.tree), .bytes(snapshot.state), .int(Int64(bitPattern: snapshot.version)), .double(snapshot.manualTime),
                        .int(snapshot.checksum),
                    ], prepared: true))
        }
        return writes
    }

    /// One statement writing `entries`' journal rows.
    private static func insertEntries(_ entries: [JournalEntry]) -> Statement {
        Statement(sql: insertEntries, parameters: entryParameters(entries), prepared: true)
    }

    /// The columns of `entries`' journal rows, one array each; each row carries the tree's
    /// listing after it (the version is the row's own).
    private static func entryParameters(_ entries: [JournalEntry]) -> [PostgresValue] {
        [
            .textArray(entries.map(\.tree)), .intArray(entries.map { Int64(bitPattern: $0.version) }), .doubleArray(entries.map(\.time)),
            .bytesArray(entries.map(\.mutation)), .intArray(entries.map { Int64(bitPattern: $0.digest) }),
            .doubleArray(entries.map(\.manualTime)), .intArray(entries.map(\.sharedChecksum)),
            .intArray(entries.map { Int64(bitPattern: $0.listing.lastSeq) }), .intArray(entries.map { Int64($0.listing.controllers) }),
        ]
    }

    /// Every tree of the commit refused with `error` (nothing was committed).
    func refusingAll(_ error: StateStoreError) -> Outcome {
        var outcome = Outcome()
        for (tree, _) in fenced { outcome.refusals[tree] = error }
        for (tree, _) in claimed { outcome.refusals[tree] = error }
        return outcome
    }

    /// The accepted trees refused with `error`, the others for the fence's reasons.
    func refusing(_ fence: Fence, _ error: StateStoreError) -> Outcome {
        var outcome = Outcome(refusals: fence.rejected)
        for tree in fence.accepted { outcome.refusals[tree] = error }
        return outcome
    }

    /// The commit went through: the epochs of the trees it created (the last creation of each
    /// wins) and the trees whose last record gave them up.
    func committed(_ fence: Fence, epochs written: [String: Int64]) -> Outcome {
        var outcome = Outcome(refusals: fence.rejected)
        for record in records where fence.accepted.contains(record.tree) {
            switch record {
            case .createTree(let header):
                outcome.epochs[header.id] = written[header.id] ?? fence.claimEpochs[header.id]
                outcome.givenUp.remove(header.id)
            case .deleteTree(let id), .release(let id):
                outcome.epochs[id] = nil
                outcome.givenUp.insert(id)
            case .mutation, .snapshot:
                break
            }
        }
        return outcome
    }
}

extension PostgresCommitPlan {
    /// Locks each held tree's row if it still names this instance and the epoch it took the
    /// tree under, while this instance's lease is valid; returns the trees that passed. Only
    /// locks: the listing moves with the journal's rows, so the row is not rewritten at every
    /// commit (a new version of it each time cost the database more than the entries did).
    static let fence = """
        SELECT h.tree FROM containment_heads AS h
        JOIN unnest($2::text[], $3::int8[]) AS u(tree, epoch) ON h.tree = u.tree
        WHERE h.instance = $1 AND h.epoch = u.epoch
          AND EXISTS (SELECT 1 FROM containment_instances i WHERE i.id = $1 AND i.expires_at > clock_timestamp())
        FOR NO KEY UPDATE OF h
        """

    /// `fence` and `insertEntries` together: only the entries of the trees that passed are
    /// written (a data-modifying `WITH` passes its rows on through `RETURNING` alone).
    static let fencedEntries = """
        WITH fenced AS (\(fence)),
             written AS (
                INSERT INTO containment_journal (tree, version, time, mutation, digest, manual_time, checksum, last_seq, controllers)
                SELECT u.* FROM unnest(
                    $4::text[], $5::int8[], $6::float8[], $7::bytea[], $8::int8[], $9::float8[], $10::int8[], $11::int8[], $12::int8[])
                    AS u(tree, version, time, mutation, digest, manual_time, checksum, last_seq, controllers)
                WHERE u.tree IN (SELECT tree FROM fenced))
        SELECT tree FROM fenced
        """

    /// A new tree's row, unless one exists (the tree does: a concurrent claim waits for this
    /// transaction and then finds it): its epoch, and whether the lease was valid.
    static let claim = """
        WITH lease AS (SELECT 1 FROM containment_instances WHERE id = $1 AND expires_at > clock_timestamp()),
             claimed AS (
                INSERT INTO containment_heads (tree, instance, epoch, version, last_seq, controllers, generation)
                SELECT $2, $1, nextval('containment_epochs'), $3, $4, $5, $6 FROM lease
                ON CONFLICT (tree) DO NOTHING RETURNING epoch)
        SELECT (SELECT epoch FROM claimed), EXISTS (SELECT 1 FROM lease)
        """

    static let clearTree = """
        WITH journal AS (DELETE FROM containment_journal WHERE tree = $1), loads AS (DELETE FROM containment_loads WHERE tree = $1)
        DELETE FROM containment_snapshots WHERE tree = $1
        """

    static let insertTree = """
        INSERT INTO containment_trees (id, clock, owner, owner_token_hash, incarnation, creation, checksum)
        VALUES ($1, $2, $3, $4, $5, $6, $7)
        ON CONFLICT (id) DO UPDATE SET clock = EXCLUDED.clock, owner = EXCLUDED.owner, owner_token_hash = EXCLUDED.owner_token_hash,
            incarnation = EXCLUDED.incarnation, creation = EXCLUDED.creation, checksum = EXCLUDED.checksum
        """

    static let upsertHead = """
        INSERT INTO containment_heads (tree, instance, epoch, version, last_seq, controllers, generation)
        VALUES ($1, $2, nextval('containment_epochs'), $3, $4, $5, $6)
        ON CONFLICT (tree) DO UPDATE SET instance = EXCLUDED.instance, epoch = EXCLUDED.epoch, version = EXCLUDED.version,
            last_seq = EXCLUDED.last_seq, controllers = EXCLUDED.controllers, generation = EXCLUDED.generation, previous = 0
        RETURNING epoch
        """

    static let insertEntries = """
        INSERT INTO containment_journal (tree, version, time, mutation, digest, manual_time, checksum, last_seq, controllers)
        SELECT * FROM unnest($1::text[], $2::int8[], $3::float8[], $4::bytea[], $5::int8[], $6::float8[], $7::int8[], $8::int8[], $9::int8[])
        """

    /// The snapshot; the journal rows it replaces go later (`PostgresJournalCleaner`).
    static let writeSnapshot = """
        INSERT INTO containment_snapshots (tree, state, version, manual_time, checksum) VALUES ($1, $2, $3, $4, $5)
        ON CONFLICT (tree) DO UPDATE SET state = EXCLUDED.state, version = EXCLUDED.version, manual_time = EXCLUDED.manual_time,
            checksum = EXCLUDED.checksum
        """

    static let deleteTree = """
        WITH journal AS (DELETE FROM containment_journal WHERE tree = $1),
             snapshot AS (DELETE FROM containment_snapshots WHERE tree = $1),
             loads AS (DELETE FROM containment_loads WHERE tree = $1),
             tree AS (DELETE FROM containment_trees WHERE id = $1)
        DELETE FROM containment_heads WHERE tree = $1
        """

    /// Gives up the trees still held under the epochs the fence checked, while the lease is
    /// valid (the fence's own terms: in the one-trip commit it is not known yet which trees
    /// passed), and tells every instance once committed.
    static let fencedRelease = """
        WITH given AS (
            UPDATE containment_heads AS h SET instance = NULL
            FROM unnest($2::text[], $3::int8[]) AS u(tree, epoch)
            WHERE h.tree = u.tree AND h.instance = $1 AND h.epoch = u.epoch
              AND EXISTS (SELECT 1 FROM containment_instances i WHERE i.id = $1 AND i.expires_at > clock_timestamp())
            RETURNING h.tree)
        SELECT pg_notify($4, tree) FROM given
        """

    /// Gives the tree up and tells every instance, once committed.
    static let release = """
        WITH given AS (UPDATE containment_heads SET instance = NULL WHERE tree = $1 AND instance = $2 RETURNING tree)
        SELECT pg_notify($3, tree) FROM given
        """
}

extension JournalEntry {
    /// The checksum of its row in the shared store, whose key is the tree and version (the
    /// version stands where the SQLite journal's `seq` does).
    var sharedChecksum: Int64 { checksum(seq: Int64(bitPattern: version)) }
}
