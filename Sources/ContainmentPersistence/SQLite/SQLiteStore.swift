import CSQLite
import Glibc

/// The state directory's SQLite database: every tree's creation, its latest snapshot and its
/// journal of accepted mutations, each record checksummed. Opened once at start-up; everything
/// that looks wrong stops the start with a `StateStoreError` and nothing is written.
///
/// WAL mode; `synchronous` as chosen (see `StoreSynchronous`). The connection holds SQLite's
/// exclusive lock for the life of the process, so a second server on the same directory is
/// refused instead of interleaving its writes.
public final class SQLiteStore: JournalStore, @unchecked Sendable {
    public static let fileName = "containment.sqlite"
    /// See `SQLiteSchema`: the current version, reached from each older one at start-up.
    public static let schemaVersion = SQLiteSchema.version
    public static let applicationID = SQLiteSchema.applicationID

    public let path: String
    public var location: String { path }
    /// WAL pages between automatic checkpoints.
    static let checkpointPages = 2_048
    private let connection: SQLiteConnection
    /// Writer-owned, like everything below.
    private var rows: JournalRows
    private var snapshots = SnapshotQueue<QueuedSnapshot>()
    /// A commit writes at most this many snapshots: when many trees cross the snapshot rule
    /// together (~1 MB each with their retained events), the commits that follow share the
    /// work instead of one commit, and every response waiting for it, carrying it all.
    public static let snapshotsPerCommit = 1
    public static let deadEntriesBeforeCleaning = JournalRows.deadBeforeCleaning
    public static let cleanedRowsPerCommit = JournalRows.cleanedPerCommit
    private var statistics = StoreStatistics()
    private let synchronous: StoreSynchronous

    public init(directory: String, synchronous: StoreSynchronous) throws(StateStoreError) {
        try StateFiles.checkDirectory(directory)
        let path = directory.hasSuffix("/") ? directory + Self.fileName : directory + "/" + Self.fileName
        try StateFiles.checkDatabase(path)
        let connection = try SQLiteConnection(path: path, create: true)
        do {
            try Self.sqlite(path) { () throws(SQLiteError) in try connection.execute("PRAGMA locking_mode = EXCLUSIVE") }
            try SQLiteSchema.prepare(connection, path: path)
            rows = try Self.sqlite(path) { () throws(SQLiteError) in
                try connection.execute("PRAGMA journal_mode = WAL")
                try connection.execute("PRAGMA synchronous = \(synchronous.rawValue.uppercased())")
                // A checkpoint (copying the WAL into the database) syncs the disk twice even at
                // NORMAL, on the writer's thread, and every commit waiting meanwhile waits for
                // it: every 2,048 pages (8 MiB) is short enough to keep that wait in the tens of
                // milliseconds and rare enough to cost little throughput (docs/operating.md).
                try connection.execute("PRAGMA wal_autocheckpoint = \(Self.checkpointPages)")
                return try JournalRows(connection)
            }
        } catch {
            connection.close()
            throw error
        }
        self.path = path
        self.connection = connection
        self.synchronous = synchronous
    }

    /// Runs SQLite calls, their failure classified as the start or a read reports it.
    static func sqlite<Result>(_ path: String, _ body: () throws(SQLiteError) -> Result) throws(StateStoreError) -> Result {
        do {
            return try body()
        } catch {
            throw classify(error, path: path)
        }
    }

    static func classify(_ error: SQLiteError, path: String) -> StateStoreError {
        switch error.primaryCode {
        case SQLITE_NOTADB: .notAStateDatabase(path: path, reason: error.message)
        case SQLITE_CORRUPT: .integrityCheckFailed(path: path, report: error.message)
        case SQLITE_BUSY, SQLITE_LOCKED: .unreadable(path: path, reason: "another process holds the database (\(error.message))")
        default: .unreadable(path: path, reason: error.description)
        }
    }

    public func loadTrees() throws(StateStoreError) -> [StoredTree] {
        let connection = connection
        let trees = try Self.sqlite(path) { () throws(SQLiteError) -> Result<[String: StoredTree], StateStoreError> in
            var trees: [String: StoredTree] = [:]
            let headers = try connection.prepare(
                "SELECT id, clock, owner, owner_token_hash, incarnation, creation, checksum FROM trees")
            while try headers.step() {
                let header = StoredTreeHeader(
                    id: headers.text(0) ?? "", clock: headers.text(1) ?? "", owner: headers.text(2), ownerTokenHash: headers.text(3),
                    incarnation: UInt64(bitPattern: headers.integer(4)), creation: headers.blob(5))
                guard header.checksum == headers.integer(6) else { return .failure(.checksumMismatch(tree: header.id, record: "its creation")) }
                trees[header.id] = StoredTree(header: header, snapshot: nil, entries: [])
            }
            let starts = try connection.prepare("SELECT tree, seq, checksum FROM journal_starts")
            while try starts.step() {
                let tree = starts.text(0) ?? ""
                guard RecordChecksum.journalStart(tree: tree, seq: starts.integer(1)) == starts.integer(2) else {
                    return .failure(.checksumMismatch(tree: tree, record: "where its journal starts"))
                }
            }
            let snapshots = try connection.prepare("SELECT tree, state, version, manual_time, checksum FROM snapshots")
            while try snapshots.step() {
                let snapshot = StoredSnapshot(
                    tree: snapshots.text(0) ?? "", state: snapshots.blob(1), version: UInt64(bitPattern: snapshots.integer(2)),
                    manualTime: snapshots.double(3))
                guard trees[snapshot.tree] != nil else {
                    return .failure(.unreadableRecord(tree: snapshot.tree, reason: "a snapshot belongs to no stored tree"))
                }
                guard snapshot.checksum == snapshots.integer(4) else { return .failure(.checksumMismatch(tree: snapshot.tree, record: "its snapshot")) }
                trees[snapshot.tree]?.snapshot = snapshot
            }
            // In append order, which is each tree's order; dead rows are left out.
            let entries = try connection.prepare(
                """
                SELECT seq, tree, time, mutation, digest, version, manual_time, checksum FROM journal
                WHERE NOT (\(JournalRows.isDead)) ORDER BY seq
                """)
            while try entries.step() {
                var entry = JournalEntry(
                    tree: entries.text(1) ?? "", time: entries.double(2), mutation: entries.blob(3),
                    digest: UInt64(bitPattern: entries.integer(4)), version: UInt64(bitPattern: entries.integer(5)),
                    manualTime: entries.double(6))
                entry.position = entries.integer(5)
                guard entry.checksum(seq: entries.integer(0)) == entries.integer(7) else {
                    return .failure(.checksumMismatch(tree: entry.tree, record: "journal entry \(entry.position)"))
                }
                trees[entry.tree]?.entries.append(entry)
            }
            let loads = try connection.prepare(
                "SELECT tree, incarnation, generation, previous, last_seq, version, checksum FROM tree_loads ORDER BY tree, generation")
            while try loads.step() {
                let tree = loads.text(0) ?? ""
                let checksum = RecordChecksum.load(
                    tree: tree, incarnation: loads.integer(1), generation: loads.integer(2), previous: loads.integer(3),
                    lastSeq: loads.integer(4), version: loads.integer(5))
                guard checksum == loads.integer(6) else { return .failure(.checksumMismatch(tree: tree, record: "a load")) }
                // A load of an earlier tree of the same id vouches for nothing of this one.
                guard trees[tree]?.header.incarnation == UInt64(bitPattern: loads.integer(1)) else { continue }
                trees[tree]?.loads.append(
                    TreeLoad(
                        generation: UInt64(bitPattern: loads.integer(2)), previous: UInt64(bitPattern: loads.integer(3)),
                        lastSeq: UInt64(bitPattern: loads.integer(4)), version: UInt64(bitPattern: loads.integer(5))))
            }
            return .success(trees)
        }
        return try trees.get().values.sorted { $0.header.id < $1.header.id }
    }

    public func beginGeneration() throws(StateStoreError) -> UInt64 {
        let connection = connection
        return try durably { () throws(SQLiteError) -> UInt64 in
            let next = try connection.integer("SELECT coalesce(max(number), 0) + 1 FROM generation")
            try connection.execute("DELETE FROM generation")
            try connection.statement("INSERT INTO generation (number) VALUES (?)").run(next)
            return UInt64(bitPattern: next)
        }
    }

    /// Also drops the loads of trees gone and those more than `TreeLoad.keptPerTree` starts old.
    public func recordLoads(_ loads: [(tree: String, incarnation: UInt64, load: TreeLoad)]) throws(StateStoreError) {
        let connection = connection
        try durably { () throws(SQLiteError) in
            let insert = try connection.statement(
                "INSERT OR REPLACE INTO tree_loads (tree, incarnation, generation, previous, last_seq, version, checksum) VALUES (?, ?, ?, ?, ?, ?, ?)")
            for (tree, incarnation, load) in loads {
                let fields = (
                    Int64(bitPattern: incarnation), Int64(bitPattern: load.generation), Int64(bitPattern: load.previous),
                    Int64(bitPattern: load.lastSeq), Int64(bitPattern: load.version)
                )
                try insert.run(
                    tree, fields.0, fields.1, fields.2, fields.3, fields.4,
                    RecordChecksum.load(tree: tree, incarnation: fields.0, generation: fields.1, previous: fields.2, lastSeq: fields.3, version: fields.4))
            }
            let newest = loads.map(\.load.generation).max() ?? 0
            try connection.statement("DELETE FROM tree_loads WHERE generation + ? <= ? OR tree NOT IN (SELECT id FROM trees)").run(
                Int64(bitPattern: TreeLoad.keptPerTree), Int64(bitPattern: newest))
        }
    }

    /// One transaction synced to the disk whatever `synchronous` says: with it, every commit
    /// before it (the write-ahead log is synced in order).
    private func durably<Result>(_ body: () throws(SQLiteError) -> Result) throws(StateStoreError) -> Result {
        let connection = connection
        return try Self.sqlite(path) { () throws(SQLiteError) -> Result in
            try connection.execute("PRAGMA synchronous = FULL")
            defer { try? connection.execute("PRAGMA synchronous = \(synchronous.rawValue.uppercased())") }
            return try connection.transaction(body)
        }
    }

    public func commit(_ records: [JournalRecord]) throws(StateStoreError) {
        do {
            try connection.transaction { () throws(SQLiteError) in
                for record in records { try write(record) }
                for queued in snapshots.take(Self.snapshotsPerCommit) { try write(queued) }
                try rows.clean(connection)
            }
            statistics.commits += 1
            statistics.records += records.count
        } catch {
            throw .commitFailed(reason: "\(error)")
        }
    }

    private func write(_ record: JournalRecord) throws(SQLiteError) {
        switch record {
        case .createTree(let header):
            // A tree id may be taken again after a deletion: the old journal and snapshot go,
            // the old rows by starting the journal after them.
            try forget(header.id)
            try connection.statement(
                "INSERT OR REPLACE INTO trees (id, clock, owner, owner_token_hash, incarnation, creation, checksum) VALUES (?, ?, ?, ?, ?, ?, ?)"
            ).run(
                header.id, header.clock, header.owner, header.ownerTokenHash, Int64(bitPattern: header.incarnation), header.creation,
                header.checksum)
            try startJournal(of: header.id, at: rows.next)
        case .mutation(let entry):
            let seq = rows.append(for: entry.tree)
            try connection.statement(
                "INSERT INTO journal (seq, tree, time, mutation, digest, version, manual_time, checksum) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
            ).run(
                seq, entry.tree, entry.time, entry.mutation, Int64(bitPattern: entry.digest), Int64(bitPattern: entry.version), entry.manualTime,
                entry.checksum(seq: seq))
        case .snapshot(let pending):
            snapshots.enqueue(QueuedSnapshot(pending: pending, journalStart: rows.next, liveEntries: rows.live(of: pending.tree)))
        case .deleteTree(let id):
            try forget(id)
            try connection.statement("DELETE FROM journal_starts WHERE tree = ?").run(id)
            try connection.statement("DELETE FROM trees WHERE id = ?").run(id)
        case .release:
            break
        }
    }

    /// The snapshot and, in the same transaction, its journal start: the rows before that
    /// `seq` (the tree's records up to the snapshot's version) become dead together.
    private func write(_ queued: QueuedSnapshot) throws(SQLiteError) {
        let pending = queued.pending
        let snapshot = StoredSnapshot(tree: pending.tree, state: pending.encode(), version: pending.version, manualTime: pending.manualTime)
        try connection.statement("INSERT OR REPLACE INTO snapshots (tree, state, version, manual_time, checksum) VALUES (?, ?, ?, ?, ?)").run(
            snapshot.tree, snapshot.state, Int64(bitPattern: snapshot.version), snapshot.manualTime, snapshot.checksum)
        try startJournal(of: pending.tree, at: queued.journalStart)
        rows.replaced(queued.liveEntries, of: pending.tree)
    }

    public var hasQueuedSnapshots: Bool { !snapshots.isEmpty }

    /// A passive checkpoint: SQLite syncs the write-ahead log first (with it, every commit so
    /// far), then copies it into the database and syncs that.
    public func sync() throws(StateStoreError) {
        let code = sqlite3_wal_checkpoint_v2(connection.handle, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
        guard code == SQLITE_OK else { throw .commitFailed(reason: "syncing the state database failed: \(connection.error(code))") }
    }

    /// The tree's journal starts at `seq`: every row before is dead.
    private func startJournal(of tree: String, at seq: Int64) throws(SQLiteError) {
        try connection.statement("INSERT OR REPLACE INTO journal_starts (tree, seq, checksum) VALUES (?, ?, ?)").run(
            tree, seq, RecordChecksum.journalStart(tree: tree, seq: seq))
    }

    /// Drops a tree's snapshot and counts its journal rows dead (the caller makes them so).
    private func forget(_ tree: String) throws(SQLiteError) {
        snapshots.drop(tree: tree)
        rows.forget(tree)
        try connection.statement("DELETE FROM snapshots WHERE tree = ?").run(tree)
    }

    /// Finalizes the statements and closes the database, releasing its lock for the next
    /// process (or the next service in this one).
    public func close() {
        connection.close()
    }

    /// Live journal entries and their bytes, for metrics and the compaction tests.
    public func journalSize() throws(StateStoreError) -> (entries: Int64, bytes: Int64) {
        let connection = connection
        return try Self.sqlite(path) { () throws(SQLiteError) in
            let statement = try connection.prepare(
                "SELECT count(*), coalesce(sum(length(mutation)), 0) FROM journal WHERE NOT (\(JournalRows.isDead))")
            _ = try statement.step()
            return (statement.integer(0), statement.integer(1))
        }
    }

    /// Journal rows stored, dead ones included (they go once they outnumber the live ones).
    public func journalRows() throws(StateStoreError) -> Int64 {
        let connection = connection
        return try Self.sqlite(path) { () throws(SQLiteError) in try connection.integer("SELECT count(*) FROM journal") }
    }

    /// The statistics with the pages written read from SQLite (`SQLITE_DBSTATUS_CACHE_WRITE`),
    /// while the store is open.
    public func currentStatistics() -> StoreStatistics {
        var current: Int32 = 0
        var highest: Int32 = 0
        var result = statistics
        result.cleanings = rows.cleanings
        if !connection.isClosed, sqlite3_db_status(connection.handle, SQLITE_DBSTATUS_CACHE_WRITE, &current, &highest, 0) == SQLITE_OK {
            result.pagesWritten = Int64(current)
        }
        return result
    }
}
