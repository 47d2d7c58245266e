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
    /// Raised when the tables change shape; a database with another version is refused.
    public static let schemaVersion: Int64 = 1
    /// `PRAGMA application_id`: "Cnt1", which marks the file as this service's.
    public static let applicationID: Int64 = 0x436e_7431

    public let path: String
    /// WAL pages between automatic checkpoints.
    static let checkpointPages = 16_384
    private let connection: SQLiteConnection
    private var insertTree: SQLiteStatement!
    private var insertEntry: SQLiteStatement!
    private var deleteTree: SQLiteStatement!
    private var deleteEntries: SQLiteStatement!
    private var insertSnapshot: SQLiteStatement!
    private var begin: SQLiteStatement!
    private var end: SQLiteStatement!
    private var deleteSnapshot: SQLiteStatement!

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
            // NORMAL, on the writer's thread: every 16,384 pages (64 MiB) rather than SQLite's
            // 1,000, so commits rarely wait for one.
            try connection.execute("PRAGMA wal_autocheckpoint = \(Self.checkpointPages)")
            insertTree = try connection.prepare(
                "INSERT OR REPLACE INTO trees (id, clock, owner, owner_token_hash, incarnation, creation) VALUES (?, ?, ?, ?, ?, ?)")
            insertEntry = try connection.prepare(
                "INSERT INTO journal (tree, time, mutation, digest, version, manual_time) VALUES (?, ?, ?, ?, ?, ?)")
            deleteTree = try connection.prepare("DELETE FROM trees WHERE id = ?")
            deleteEntries = try connection.prepare("DELETE FROM journal WHERE tree = ?")
            insertSnapshot = try connection.prepare(
                "INSERT OR REPLACE INTO snapshots (tree, state, version, manual_time) VALUES (?, ?, ?, ?)")
            deleteSnapshot = try connection.prepare("DELETE FROM snapshots WHERE tree = ?")
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
                    CREATE TABLE journal (
                        tree TEXT NOT NULL, version INTEGER NOT NULL, time REAL NOT NULL, mutation BLOB NOT NULL,
                        digest INTEGER NOT NULL, manual_time REAL NOT NULL, PRIMARY KEY (tree, version)) WITHOUT ROWID;
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
            guard version == StateStore.schemaVersion else {
                throw StateStoreError.wrongSchemaVersion(path: path, found: version, expected: StateStore.schemaVersion)
            }
            let report = try connection.text("PRAGMA quick_check")
            guard report == "ok" else { throw StateStoreError.integrityCheckFailed(path: path, report: report) }
        } catch {
            throw storeError(error, path: path)
        }
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
            let entries = try connection.prepare(
                "SELECT tree, time, mutation, digest, version, manual_time FROM journal ORDER BY tree, version")
            while try entries.step() {
                let tree = entries.text(0) ?? ""
                var entry = JournalEntry(
                    tree: tree, time: entries.double(1), mutation: entries.blob(2), digest: UInt64(bitPattern: entries.integer(3)),
                    version: UInt64(bitPattern: entries.integer(4)), manualTime: entries.double(5))
                entry.position = entries.integer(4)
                guard trees[tree] != nil else {
                    throw StateStoreError.unreadableRecord(tree: tree, reason: "journal entry \(entry.position) belongs to no stored tree")
                }
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
                try end.run()
            } catch {
                try? connection.execute("ROLLBACK")
                throw error
            }
        } catch {
            throw .commitFailed(reason: "\(error)")
        }
    }

    private func write(_ record: JournalRecord) throws(SQLiteError) {
        switch record {
        case .createTree(let header):
            // A tree id may be taken again after a deletion: the old journal goes first.
            try forget(header.id)
            insertTree.bind(1, header.id)
            insertTree.bind(2, header.clock)
            insertTree.bind(3, header.owner)
            insertTree.bind(4, header.ownerTokenHash)
            insertTree.bind(5, Int64(bitPattern: header.incarnation))
            insertTree.bind(6, header.creation)
            try insertTree.run()
        case .mutation(let entry):
            insertEntry.bind(1, entry.tree)
            insertEntry.bind(2, entry.time)
            insertEntry.bind(3, entry.mutation)
            insertEntry.bind(4, Int64(bitPattern: entry.digest))
            insertEntry.bind(5, Int64(bitPattern: entry.version))
            insertEntry.bind(6, entry.manualTime)
            try insertEntry.run()
        case .snapshot(let pending):
            try write(StoredSnapshot(tree: pending.tree, state: pending.encode(), version: pending.version, manualTime: pending.manualTime))
        case .deleteTree(let id):
            try forget(id)
            deleteTree.bind(1, id)
            try deleteTree.run()
        }
    }

    private func write(_ snapshot: StoredSnapshot) throws(SQLiteError) {
        // Every entry of this tree written so far came before the snapshot.
        deleteEntries.bind(1, snapshot.tree)
        try deleteEntries.run()
        insertSnapshot.bind(1, snapshot.tree)
        insertSnapshot.bind(2, snapshot.state)
        insertSnapshot.bind(3, Int64(bitPattern: snapshot.version))
        insertSnapshot.bind(4, snapshot.manualTime)
        try insertSnapshot.run()
    }

    /// Drops a tree's journal and snapshot.
    private func forget(_ tree: String) throws(SQLiteError) {
        deleteEntries.bind(1, tree)
        try deleteEntries.run()
        deleteSnapshot.bind(1, tree)
        try deleteSnapshot.run()
    }

    /// Finalizes the statements and closes the database, releasing its lock for the next
    /// process (or the next service in this one). No call may follow.
    public func close() {
        insertTree = nil
        insertEntry = nil
        deleteTree = nil
        deleteEntries = nil
        insertSnapshot = nil
        deleteSnapshot = nil
        begin = nil
        end = nil
        connection.close()
    }

    /// Journal entries and bytes held, for metrics and the compaction tests.
    public func journalSize() throws(StateStoreError) -> (entries: Int64, bytes: Int64) {
        do {
            let statement = try connection.prepare("SELECT count(*), coalesce(sum(length(mutation)), 0) FROM journal")
            _ = try statement.step()
            return (statement.integer(0), statement.integer(1))
        } catch {
            throw .unreadable(path: path, reason: "\(error)")
        }
    }
}
