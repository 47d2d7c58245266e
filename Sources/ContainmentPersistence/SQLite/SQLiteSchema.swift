/// The state database's tables at the current version, and how a database of an older version
/// becomes them (as GRDB's `DatabaseMigrator`: each migration is named, runs once, in order,
/// in one transaction with the version it leaves in `PRAGMA user_version`). A fresh database
/// is created at the current version directly.
enum SQLiteSchema {
    /// Raised when the tables change shape; `migrations` reach it from every older version.
    static let version: Int64 = 4
    /// `PRAGMA application_id`: "Cnt1", which marks the file as this service's.
    static let applicationID: Int64 = 0x436e_7431

    /// One step from `from` to `from + 1`.
    struct Migration: Sendable {
        let from: Int64
        let name: String
        let migrate: @Sendable (SQLiteConnection) throws(SQLiteError) -> Void
    }

    static let migrations = [
        Migration(from: 1, name: "the journal in append order", migrate: journalInAppendOrder),
        Migration(from: 2, name: "a checksum in every record", migrate: recordChecksums),
        Migration(from: 3, name: "generations and tree loads", migrate: { connection throws(SQLiteError) in try connection.execute(SQLiteSchema.generations) }),
    ]

    /// A fresh (empty) file gets the tables; anything else must be this service's database at
    /// a version this build reads, and pass SQLite's quick check, before anything is written
    /// (then an older version is migrated).
    static func prepare(_ connection: SQLiteConnection, path: String) throws(StateStoreError) {
        let (applicationID, found, objects) = try SQLiteStore.sqlite(path) { () throws(SQLiteError) in
            (
                try connection.integer("PRAGMA application_id"), try connection.integer("PRAGMA user_version"),
                try connection.integer("SELECT count(*) FROM sqlite_schema")
            )
        }
        if applicationID == 0, found == 0, objects == 0 {
            try SQLiteStore.sqlite(path) { () throws(SQLiteError) in
                try connection.transaction { () throws(SQLiteError) in
                    try connection.execute(tables)
                    try connection.execute("PRAGMA application_id = \(Self.applicationID); PRAGMA user_version = \(version);")
                }
            }
            return
        }
        guard applicationID == Self.applicationID else {
            throw .notAStateDatabase(path: path, reason: "a SQLite database of another application (id \(applicationID))")
        }
        guard found == version || migrations.contains(where: { $0.from == found }) else {
            throw .wrongSchemaVersion(path: path, found: found, expected: version)
        }
        let report = try SQLiteStore.sqlite(path) { () throws(SQLiteError) in try connection.text("PRAGMA quick_check") }
        guard report == "ok" else { throw .integrityCheckFailed(path: path, report: report) }
        for migration in migrations where migration.from >= found {
            try SQLiteStore.sqlite(path) { () throws(SQLiteError) in
                try connection.transaction { () throws(SQLiteError) in
                    try migration.migrate(connection)
                    try connection.execute("PRAGMA user_version = \(migration.from + 1)")
                }
            }
        }
    }

    /// Every table at `version`. The journal is in append order: each commit's rows go to the
    /// end of one B-tree instead of one leaf page per tree (version 1's `(tree, version)` key
    /// made a group commit of k trees' records write about 2.6 WAL pages per record). A row is
    /// live while its `seq` is at least its tree's entry in `journal_starts`, set at the tree's
    /// creation and at each snapshot (`SQLiteStore.isDead`). The starts have their own small
    /// table: a column after a snapshot's or a creation's blob would be read through the
    /// blob's overflow pages, for every row checked. Every row carries the checksum of its
    /// other columns (`RecordChecksum`).
    private static let tables = """
        CREATE TABLE trees (
            id TEXT PRIMARY KEY, clock TEXT NOT NULL, owner TEXT, owner_token_hash TEXT,
            incarnation INTEGER NOT NULL, creation BLOB NOT NULL, checksum INTEGER NOT NULL);
        CREATE TABLE snapshots (
            tree TEXT PRIMARY KEY, state BLOB NOT NULL, version INTEGER NOT NULL, manual_time REAL NOT NULL,
            checksum INTEGER NOT NULL);
        CREATE TABLE journal (
            seq INTEGER PRIMARY KEY, tree TEXT NOT NULL, version INTEGER NOT NULL, time REAL NOT NULL,
            mutation BLOB NOT NULL, digest INTEGER NOT NULL, manual_time REAL NOT NULL, checksum INTEGER NOT NULL);
        CREATE TABLE journal_starts (tree TEXT PRIMARY KEY, seq INTEGER NOT NULL, checksum INTEGER NOT NULL) WITHOUT ROWID;
        """ + SQLiteSchema.generations

    /// The latest generation (one row; none before the first start), and the latest loads of
    /// each tree (`TreeLoad`) under the tree incarnation it was loaded as.
    private static let generations = """
        CREATE TABLE generation (number INTEGER NOT NULL);
        CREATE TABLE tree_loads (
            tree TEXT NOT NULL, incarnation INTEGER NOT NULL, generation INTEGER NOT NULL, previous INTEGER NOT NULL,
            last_seq INTEGER NOT NULL, version INTEGER NOT NULL, checksum INTEGER NOT NULL, PRIMARY KEY (tree, generation)) WITHOUT ROWID;
        """

    /// Version 1 kept only live rows, keyed `(tree, version)`: they move to the append-ordered
    /// journal in that order, every tree's journal starting at 0.
    private static func journalInAppendOrder(_ connection: SQLiteConnection) throws(SQLiteError) {
        try connection.execute(
            """
            ALTER TABLE journal RENAME TO journal_version_1;
            CREATE TABLE journal (
                seq INTEGER PRIMARY KEY, tree TEXT NOT NULL, version INTEGER NOT NULL, time REAL NOT NULL,
                mutation BLOB NOT NULL, digest INTEGER NOT NULL, manual_time REAL NOT NULL);
            CREATE TABLE journal_starts (tree TEXT PRIMARY KEY, seq INTEGER NOT NULL) WITHOUT ROWID;
            INSERT INTO journal_starts (tree, seq) SELECT id, 0 FROM trees;
            INSERT INTO journal (tree, version, time, mutation, digest, manual_time)
                SELECT tree, version, time, mutation, digest, manual_time FROM journal_version_1 ORDER BY tree, version;
            DROP TABLE journal_version_1;
            """)
    }

    /// Every row gets the checksum of what it holds now; from then on a changed byte is found.
    /// Read whole first, then written: no table changes under its own running query.
    private static func recordChecksums(_ connection: SQLiteConnection) throws(SQLiteError) {
        for table in ["trees", "snapshots", "journal", "journal_starts"] {
            try connection.execute("ALTER TABLE \(table) ADD COLUMN checksum INTEGER NOT NULL DEFAULT 0")
        }
        var trees: [(Int64, String)] = []
        let treeRows = try connection.prepare("SELECT id, clock, owner, owner_token_hash, incarnation, creation FROM trees")
        while try treeRows.step() {
            let id = treeRows.text(0) ?? ""
            trees.append(
                (
                    RecordChecksum.tree(
                        id: id, clock: treeRows.text(1) ?? "", owner: treeRows.text(2), ownerTokenHash: treeRows.text(3),
                        incarnation: treeRows.integer(4), creation: treeRows.blob(5)), id
                ))
        }
        var snapshots: [(Int64, String)] = []
        let snapshotRows = try connection.prepare("SELECT tree, state, version, manual_time FROM snapshots")
        while try snapshotRows.step() {
            let id = snapshotRows.text(0) ?? ""
            snapshots.append(
                (
                    RecordChecksum.snapshot(
                        tree: id, state: snapshotRows.blob(1), version: snapshotRows.integer(2), manualTime: snapshotRows.double(3)), id
                ))
        }
        var entries: [(Int64, Int64)] = []
        let entryRows = try connection.prepare("SELECT seq, tree, version, time, mutation, digest, manual_time FROM journal")
        while try entryRows.step() {
            let seq = entryRows.integer(0)
            entries.append(
                (
                    RecordChecksum.entry(
                        seq: seq, tree: entryRows.text(1) ?? "", version: entryRows.integer(2), time: entryRows.double(3),
                        mutation: entryRows.blob(4), digest: entryRows.integer(5), manualTime: entryRows.double(6)), seq
                ))
        }
        var starts: [(Int64, String)] = []
        let startRows = try connection.prepare("SELECT tree, seq FROM journal_starts")
        while try startRows.step() {
            let id = startRows.text(0) ?? ""
            starts.append((RecordChecksum.journalStart(tree: id, seq: startRows.integer(1)), id))
        }
        let tree = try connection.prepare("UPDATE trees SET checksum = ? WHERE id = ?")
        for (checksum, id) in trees { try tree.run(checksum, id) }
        let snapshot = try connection.prepare("UPDATE snapshots SET checksum = ? WHERE tree = ?")
        for (checksum, id) in snapshots { try snapshot.run(checksum, id) }
        let entry = try connection.prepare("UPDATE journal SET checksum = ? WHERE seq = ?")
        for (checksum, seq) in entries { try entry.run(checksum, seq) }
        let start = try connection.prepare("UPDATE journal_starts SET checksum = ? WHERE tree = ?")
        for (checksum, id) in starts { try start.run(checksum, id) }
    }
}
