import CSQLite
import Glibc

/// The state directory's SQLite database: every tree's creation and its journal of accepted
/// mutations. Opened once at start-up; everything that looks wrong stops the start with a
/// `StateStoreError` and nothing is written.
///
/// WAL mode; `synchronous` as chosen (see `StoreSynchronous`). The connection holds SQLite's
/// exclusive lock for the life of the process, so a second server on the same directory is
/// refused instead of interleaving its writes.
public final class StateStore: @unchecked Sendable {
    public static let fileName = "containment.sqlite"
    /// Raised when the tables change shape. Version 1 (the journal clustered by tree) is
    /// migrated at start-up; any other version is refused.
    public static let schemaVersion: Int64 = 2
    /// `PRAGMA application_id`: "Cnt1", which marks the file as this service's.
    public static let applicationID: Int64 = 0x436e_7431

    public let path: String
    /// WAL pages between automatic checkpoints.
    static let checkpointPages = 2_048
    private let connection: SQLiteConnection
    private var insertTree: SQLiteStatement!
    private var insertEntry: SQLiteStatement!
    private var deleteTree: SQLiteStatement!
    private var insertSnapshot: SQLiteStatement!
    private var startJournal: SQLiteStatement!
    private var deleteJournalStart: SQLiteStatement!
    private var begin: SQLiteStatement!
    private var end: SQLiteStatement!
    private var deleteSnapshot: SQLiteStatement!
    private var removeDeadEntries: SQLiteStatement!
    /// The next journal row's `seq`. Writer-owned, like everything below.
    private var nextSequence: Int64 = 1
    /// Live journal rows per tree (those after its creation and its latest snapshot).
    private var liveEntries: [String: Int] = [:]
    /// Their sum.
    private var liveTotal = 0
    /// Journal rows no tree needs any more, left for `removeDeadEntries`.
    private var deadEntries = 0
    /// Dead journal rows tolerated before a cleaning pass deletes them, as long as they are
    /// also at least as many as the live ones: a pass then reads at most one live row per
    /// dead row it deletes.
    public static let deadEntriesBeforeCleaning = 16_384
    /// A pass goes over the journal by `seq`, this many rows with each commit, so that no
    /// commit (and no response waiting for it) carries the whole pass.
    public static let cleanedRowsPerCommit: Int64 = 4_096
    /// Where the running pass is, and the `seq` it stops at; nil between passes.
    private var cleaning: (next: Int64, end: Int64)?
    /// Snapshots taken but not yet written, oldest first, at most one per tree (a newer one
    /// replaces it: it covers everything the older one did). Each keeps the `seq` its journal
    /// starts at, fixed where the snapshot stood among the records, so the tree's later rows
    /// stay live however late it is written, and how many live rows it makes dead.
    private var queuedSnapshots: [QueuedSnapshot] = []
    /// A commit writes at most this many snapshots: when many trees cross the snapshot rule
    /// together (~1 MB each with their retained events), the commits that follow share the
    /// work instead of one commit, and every response waiting for it, carrying it all.
    public static let snapshotsPerCommit = 1
    private var statistics = Statistics()

    public init(directory: String, synchronous: StoreSynchronous) throws(StateStoreError) {
        try Self.checkDirectory(directory)
        path = directory.hasSuffix("/") ? directory + Self.fileName : directory + "/" + Self.fileName
        let exists = access(path, F_OK) == 0
        if exists, access(path, R_OK | W_OK) != 0 {
            throw .unreadable(path: path, reason: "the database file is not readable and writable by this user")
        }
        connection = try SQLiteConnection(path: path, create: true)
        do {
            try connection.execute("PRAGMA locking_mode = EXCLUSIVE")
            try Self.checkOrCreateSchema(connection, path: path)
            try connection.execute("PRAGMA journal_mode = WAL")
            try connection.execute("PRAGMA synchronous = \(synchronous.rawValue.uppercased())")
            // A checkpoint (copying the WAL into the database) syncs the disk twice even at
            // NORMAL, on the writer's thread, and every commit waiting meanwhile waits for it:
            // every 2,048 pages (8 MiB) is short enough to keep that wait in the tens of
            // milliseconds and rare enough to cost little throughput (docs/operating.md).
            try connection.execute("PRAGMA wal_autocheckpoint = \(Self.checkpointPages)")
            insertTree = try connection.prepare(
                "INSERT OR REPLACE INTO trees (id, clock, owner, owner_token_hash, incarnation, creation) VALUES (?, ?, ?, ?, ?, ?)")
            insertEntry = try connection.prepare(
                "INSERT INTO journal (seq, tree, time, mutation, digest, version, manual_time) VALUES (?, ?, ?, ?, ?, ?, ?)")
            deleteTree = try connection.prepare("DELETE FROM trees WHERE id = ?")
            insertSnapshot = try connection.prepare(
                "INSERT OR REPLACE INTO snapshots (tree, state, version, manual_time) VALUES (?, ?, ?, ?)")
            startJournal = try connection.prepare("INSERT OR REPLACE INTO journal_starts (tree, seq) VALUES (?, ?)")
            deleteJournalStart = try connection.prepare("DELETE FROM journal_starts WHERE tree = ?")
            deleteSnapshot = try connection.prepare("DELETE FROM snapshots WHERE tree = ?")
            removeDeadEntries = try connection.prepare("DELETE FROM journal WHERE seq >= ? AND seq < ? AND \(Self.isDead)")
            try countEntries()
            begin = try connection.prepare("BEGIN IMMEDIATE")
            end = try connection.prepare("COMMIT")
        } catch {
            throw Self.storeError(error, path: path)
        }
    }

    /// The directory must exist (it is created when missing, with its parent present) and be
    /// readable, writable and searchable by this user.
    private static func checkDirectory(_ directory: String) throws(StateStoreError) {
        var info = stat()
        if stat(directory, &info) != 0 {
            guard errno == ENOENT, mkdir(directory, 0o700) == 0 else {
                throw .unreadable(path: directory, reason: String(cString: strerror(errno)))
            }
            return
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw .unreadable(path: directory, reason: "not a directory") }
        guard access(directory, R_OK | W_OK | X_OK) == 0 else {
            throw .unreadable(path: directory, reason: "not readable, writable and searchable by this user")
        }
    }

    /// A fresh (empty) file gets the schema; anything else must be this service's database at
    /// this schema version and pass SQLite's quick check. Nothing is written before that.
    private static func checkOrCreateSchema(_ connection: SQLiteConnection, path: String) throws(StateStoreError) {
        do {
            let applicationID = try connection.integer("PRAGMA application_id")
            let version = try connection.integer("PRAGMA user_version")
            let objects = try connection.integer("SELECT count(*) FROM sqlite_schema")
            if applicationID == 0, version == 0, objects == 0 {
                try connection.execute(
                    """
                    BEGIN;
                    CREATE TABLE trees (
                        id TEXT PRIMARY KEY, clock TEXT NOT NULL, owner TEXT, owner_token_hash TEXT,
                        incarnation INTEGER NOT NULL, creation BLOB NOT NULL);
                    \(journalTable)
                    CREATE TABLE snapshots (
                        tree TEXT PRIMARY KEY, state BLOB NOT NULL, version INTEGER NOT NULL, manual_time REAL NOT NULL);
                    PRAGMA application_id = \(StateStore.applicationID);
                    PRAGMA user_version = \(StateStore.schemaVersion);
                    COMMIT;
                    """)
                return
            }
            guard applicationID == StateStore.applicationID else {
                throw StateStoreError.notAStateDatabase(path: path, reason: "a SQLite database of another application (id \(applicationID))")
            }
            guard version == StateStore.schemaVersion || version == 1 else {
                throw StateStoreError.wrongSchemaVersion(path: path, found: version, expected: StateStore.schemaVersion)
            }
            let report = try connection.text("PRAGMA quick_check")
            guard report == "ok" else { throw StateStoreError.integrityCheckFailed(path: path, report: report) }
            if version == 1 { try migrateFromVersion1(connection) }
        } catch {
            throw storeError(error, path: path)
        }
    }

    /// The journal in append order: each commit's rows go to the end of one B-tree instead
    /// of one leaf page per tree (version 1's `(tree, version)` key made a group commit of k
    /// trees' records write about 2.6 WAL pages per record). A row is live while its `seq` is
    /// at least its tree's entry in `journal_starts`, set at the tree's creation and at each
    /// snapshot (`isDead`); dead rows are deleted in bulk (`deadEntriesBeforeCleaning`). The
    /// starts have their own small table: a column after a snapshot's or a creation's blob
    /// would be read through the blob's overflow pages, for every row checked.
    private static let journalTable = """
        CREATE TABLE journal (
            seq INTEGER PRIMARY KEY, tree TEXT NOT NULL, version INTEGER NOT NULL, time REAL NOT NULL,
            mutation BLOB NOT NULL, digest INTEGER NOT NULL, manual_time REAL NOT NULL);
        CREATE TABLE journal_starts (tree TEXT PRIMARY KEY, seq INTEGER NOT NULL) WITHOUT ROWID;
        """

    /// A journal row no tree needs: its tree is gone, or it comes before the tree's creation
    /// or latest snapshot.
    private static let isDead =
        "seq < coalesce((SELECT s.seq FROM journal_starts s WHERE s.tree = journal.tree), 9223372036854775807)"

    /// Version 1 kept only live rows, keyed `(tree, version)`: they move to the append-ordered
    /// journal in that order, every tree's journal starting at 0. One transaction: a
    /// failure leaves version 1 as it was.
    private static func migrateFromVersion1(_ connection: SQLiteConnection) throws(SQLiteError) {
        try connection.execute(
            """
            BEGIN;
            ALTER TABLE journal RENAME TO journal_version_1;
            \(journalTable)
            INSERT INTO journal_starts (tree, seq) SELECT id, 0 FROM trees;
            INSERT INTO journal (tree, version, time, mutation, digest, manual_time)
                SELECT tree, version, time, mutation, digest, manual_time FROM journal_version_1 ORDER BY tree, version;
            DROP TABLE journal_version_1;
            PRAGMA user_version = \(StateStore.schemaVersion);
            COMMIT;
            """)
    }

    /// Reads the next `seq` and the live and dead rows, which decide when to clean.
    private func countEntries() throws(SQLiteError) {
        nextSequence =
            try connection.integer(
                """
                SELECT max(coalesce((SELECT max(seq) FROM journal), 0), coalesce((SELECT max(seq) FROM journal_starts), 0)) + 1
                """)
        let rows = try connection.integer("SELECT count(*) FROM journal")
        let live = try connection.prepare("SELECT tree, count(*) FROM journal WHERE NOT (\(Self.isDead)) GROUP BY tree")
        while try live.step() { liveEntries[live.text(0) ?? ""] = Int(live.integer(1)) }
        liveTotal = liveEntries.values.reduce(0, +)
        deadEntries = Int(rows) - liveTotal
    }

    /// A thrown error as the store reports it: its own errors as they are, SQLite's classified.
    private static func storeError(_ error: any Error, path: String) -> StateStoreError {
        switch error {
        case let error as StateStoreError: error
        case let error as SQLiteError: classify(error, path: path)
        default: .unreadable(path: path, reason: "\(error)")
        }
    }

    private static func classify(_ error: SQLiteError, path: String) -> StateStoreError {
        switch error.primaryCode {
        case SQLITE_NOTADB: .notAStateDatabase(path: path, reason: error.message)
        case SQLITE_CORRUPT: .integrityCheckFailed(path: path, report: error.message)
        case SQLITE_BUSY, SQLITE_LOCKED: .unreadable(path: path, reason: "another process holds the database (\(error.message))")
        default: .unreadable(path: path, reason: error.description)
        }
    }

    /// Every stored tree with its journal in order, in tree id order.
    public func loadTrees() throws(StateStoreError) -> [StoredTree] {
        do {
            var trees: [String: StoredTree] = [:]
            let headers = try connection.prepare(
                "SELECT id, clock, owner, owner_token_hash, incarnation, creation FROM trees")
            while try headers.step() {
                let id = headers.text(0) ?? ""
                let header = StoredTreeHeader(
                    id: id, clock: headers.text(1) ?? "", owner: headers.text(2), ownerTokenHash: headers.text(3),
                    incarnation: UInt64(bitPattern: headers.integer(4)), creation: headers.blob(5))
                trees[id] = StoredTree(header: header, snapshot: nil, entries: [])
            }
            let snapshots = try connection.prepare("SELECT tree, state, version, manual_time FROM snapshots")
            while try snapshots.step() {
                let tree = snapshots.text(0) ?? ""
                guard trees[tree] != nil else {
                    throw StateStoreError.unreadableRecord(tree: tree, reason: "a snapshot belongs to no stored tree")
                }
                trees[tree]?.snapshot = StoredSnapshot(
                    tree: tree, state: snapshots.blob(1), version: UInt64(bitPattern: snapshots.integer(2)), manualTime: snapshots.double(3))
            }
            // In append order, which is each tree's order; dead rows are left out.
            let entries = try connection.prepare(
                "SELECT tree, time, mutation, digest, version, manual_time FROM journal WHERE NOT (\(Self.isDead)) ORDER BY seq")
            while try entries.step() {
                let tree = entries.text(0) ?? ""
                var entry = JournalEntry(
                    tree: tree, time: entries.double(1), mutation: entries.blob(2), digest: UInt64(bitPattern: entries.integer(3)),
                    version: UInt64(bitPattern: entries.integer(4)), manualTime: entries.double(5))
                entry.position = entries.integer(4)
                trees[tree]?.entries.append(entry)
            }
            return trees.values.sorted { $0.header.id < $1.header.id }
        } catch {
            throw Self.storeError(error, path: path)
        }
    }

    /// Writes `records` in one transaction, in order; all or nothing.
    public func commit(_ records: [JournalRecord]) throws(StateStoreError) {
        do {
            try begin.run()
            do {
                for record in records { try write(record) }
                for _ in 0..<min(Self.snapshotsPerCommit, queuedSnapshots.count) {
                    try write(queuedSnapshots.removeFirst())
                }
                try clean()
                try end.run()
                statistics.commits += 1
                statistics.records += records.count
            } catch {
                try? connection.execute("ROLLBACK")
                throw error
            }
        } catch {
            throw .commitFailed(reason: "\(error)")
        }
    }

    /// Starts a cleaning pass once dead rows are many enough, and takes the running one a
    /// step further.
    private func clean() throws(SQLiteError) {
        if cleaning == nil, deadEntries >= max(Self.deadEntriesBeforeCleaning, liveTotal) {
            let first = try connection.integer("SELECT coalesce(min(seq), 0) FROM journal")
            cleaning = (first, nextSequence)
        }
        guard let (next, end) = cleaning else { return }
        let stop = min(next + Self.cleanedRowsPerCommit, end)
        removeDeadEntries.bind(1, next)
        removeDeadEntries.bind(2, stop)
        try removeDeadEntries.run()
        deadEntries -= connection.changes
        if stop < end {
            cleaning = (stop, end)
        } else {
            cleaning = nil
            statistics.cleanings += 1
        }
    }

    private func write(_ record: JournalRecord) throws(SQLiteError) {
        switch record {
        case .createTree(let header):
            // A tree id may be taken again after a deletion: the old journal and snapshot go,
            // the old rows by starting the journal after them.
            try forget(header.id)
            insertTree.bind(1, header.id)
            insertTree.bind(2, header.clock)
            insertTree.bind(3, header.owner)
            insertTree.bind(4, header.ownerTokenHash)
            insertTree.bind(5, Int64(bitPattern: header.incarnation))
            insertTree.bind(6, header.creation)
            try insertTree.run()
            try startJournal(of: header.id)
        case .mutation(let entry):
            insertEntry.bind(1, nextSequence)
            insertEntry.bind(2, entry.tree)
            insertEntry.bind(3, entry.time)
            insertEntry.bind(4, entry.mutation)
            insertEntry.bind(5, Int64(bitPattern: entry.digest))
            insertEntry.bind(6, Int64(bitPattern: entry.version))
            insertEntry.bind(7, entry.manualTime)
            try insertEntry.run()
            nextSequence += 1
            liveEntries[entry.tree, default: 0] += 1
            liveTotal += 1
        case .snapshot(let pending):
            let queued = QueuedSnapshot(pending: pending, journalStart: nextSequence, liveEntries: liveEntries[pending.tree] ?? 0)
            if let older = queuedSnapshots.firstIndex(where: { $0.pending.tree == pending.tree }) {
                queuedSnapshots.remove(at: older)
            }
            queuedSnapshots.append(queued)
        case .deleteTree(let id):
            try forget(id)
            deleteJournalStart.bind(1, id)
            try deleteJournalStart.run()
            deleteTree.bind(1, id)
            try deleteTree.run()
        }
    }

    /// The snapshot and, in the same transaction, its journal start: the rows before that
    /// `seq` (the tree's records up to the snapshot's version) become dead together.
    private func write(_ queued: QueuedSnapshot) throws(SQLiteError) {
        let pending = queued.pending
        insertSnapshot.bind(1, pending.tree)
        insertSnapshot.bind(2, pending.encode())
        insertSnapshot.bind(3, Int64(bitPattern: pending.version))
        insertSnapshot.bind(4, pending.manualTime)
        try insertSnapshot.run()
        try startJournal(of: pending.tree, at: queued.journalStart)
        liveEntries[pending.tree, default: 0] -= queued.liveEntries
        liveTotal -= queued.liveEntries
        deadEntries += queued.liveEntries
    }

    /// Whether snapshots wait for a commit; the journal's writer then commits even with no
    /// record to write.
    public var hasQueuedSnapshots: Bool { !queuedSnapshots.isEmpty }

    /// The tree's journal starts at `seq` (by default the next row): every row before is dead.
    private func startJournal(of tree: String, at seq: Int64? = nil) throws(SQLiteError) {
        startJournal.bind(1, tree)
        startJournal.bind(2, seq ?? nextSequence)
        try startJournal.run()
    }

    /// Drops a tree's snapshot and counts its journal rows dead (the caller makes them so).
    private func forget(_ tree: String) throws(SQLiteError) {
        // A queued snapshot of the old tree must not land on a new one with its id.
        queuedSnapshots.removeAll { $0.pending.tree == tree }
        countDead(tree)
        deleteSnapshot.bind(1, tree)
        try deleteSnapshot.run()
    }

    private func countDead(_ tree: String) {
        let live = liveEntries.removeValue(forKey: tree) ?? 0
        liveTotal -= live
        deadEntries += live
    }

    /// Finalizes the statements and closes the database, releasing its lock for the next
    /// process (or the next service in this one). No call may follow.
    public func close() {
        insertTree = nil
        insertEntry = nil
        deleteTree = nil
        removeDeadEntries = nil
        insertSnapshot = nil
        startJournal = nil
        deleteJournalStart = nil
        deleteSnapshot = nil
        begin = nil
        end = nil
        connection.close()
    }

    /// Live journal entries and their bytes, for metrics and the compaction tests.
    public func journalSize() throws(StateStoreError) -> (entries: Int64, bytes: Int64) {
        do {
            let statement = try connection.prepare(
                "SELECT count(*), coalesce(sum(length(mutation)), 0) FROM journal WHERE NOT (\(Self.isDead))")
            _ = try statement.step()
            return (statement.integer(0), statement.integer(1))
        } catch {
            throw .unreadable(path: path, reason: "\(error)")
        }
    }

    /// Journal rows stored, dead ones included (they go once they outnumber the live ones).
    public func journalRows() throws(StateStoreError) -> Int64 {
        do {
            return try connection.integer("SELECT count(*) FROM journal")
        } catch {
            throw .unreadable(path: path, reason: "\(error)")
        }
    }

    /// Counts of what the store wrote since it opened.
    public struct Statistics: Sendable, Equatable {
        public var commits = 0
        public var records = 0
        /// Passes that deleted the journal's dead rows.
        public var cleanings = 0
        /// Pages SQLite wrote (to the WAL) since the store opened.
        public var pagesWritten: Int64 = 0
    }

    /// The statistics with the pages written read from SQLite (`SQLITE_DBSTATUS_CACHE_WRITE`),
    /// while the store is open.
    public func currentStatistics() -> Statistics {
        var current: Int32 = 0
        var highest: Int32 = 0
        var result = statistics
        if !connection.isClosed, sqlite3_db_status(connection.handle, SQLITE_DBSTATUS_CACHE_WRITE, &current, &highest, 0) == SQLITE_OK {
            result.pagesWritten = Int64(current)
        }
        return result
    }
}
