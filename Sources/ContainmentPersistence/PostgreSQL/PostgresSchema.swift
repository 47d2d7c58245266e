/// The shared store's tables, in whatever schema the connection's `search_path` names first
/// (`public` unless the URL's `options` say otherwise), each named `containment_…`. Created by
/// the first instance that finds none, under an advisory lock, so that instances starting
/// together create them once.
///
/// - `containment_instances`: one row per running instance (a session): its lease, renewed
///   every `LeaseTiming.renewal`, expiring `LeaseTiming.duration` after the last renewal.
/// - `containment_heads`: one row per tree: which instance may write it, under which epoch
///   (the fencing token, from `containment_epochs`, new at each change of owner), and how it
///   listed when it was created (`TreeListing`), the generation its holder gives event ids out
///   under and the one before (`TreeLoad`). A tree's journal is written only by a
///   transaction that holds its row locked with this instance's id and epoch while this
///   instance's lease is valid.
/// - `containment_trees`, `containment_snapshots`, `containment_journal`: as the SQLite store's
///   `trees`, `snapshots` and `journal`, each row with the CRC-32 of its columns; the journal is
///   keyed by tree and version, and a snapshot deletes the rows it replaces, all but the tree's
///   latest. A journal row also carries the tree's listing after it (not in the checksum: it
///   only lists), so a tree lists as its latest row says, or as its head says when it has none
///   newer.
/// - `containment_loads`: each tree's latest takeovers (`TreeLoad`), written by the takeover.
///
/// Tree ids compare as bytes (`COLLATE "C"`) whatever the database's collation: trees list in
/// the order one instance lists them (and SQLite stores them), and compares are cheaper.
/// An older version's tables are migrated at the start, as the SQLite store's are.
enum PostgresSchema {
    static let version: Int64 = 4
    /// `pg_advisory_xact_lock` key: "Cnt1", as the SQLite store's application id.
    static let lockKey: Int64 = 0x436e_7431

    static let tables = """
        CREATE SEQUENCE containment_sessions;
        CREATE SEQUENCE containment_epochs;
        CREATE TABLE containment_schema (version bigint NOT NULL);
        CREATE TABLE containment_instances (
            id bigint PRIMARY KEY, name text NOT NULL, started timestamptz NOT NULL DEFAULT clock_timestamp(),
            expires_at timestamptz NOT NULL);
        CREATE TABLE containment_heads (
            tree text COLLATE "C" PRIMARY KEY, instance bigint, epoch bigint NOT NULL,
            version bigint NOT NULL, last_seq bigint NOT NULL, controllers bigint NOT NULL,
            generation bigint NOT NULL DEFAULT 0, previous bigint NOT NULL DEFAULT 0);
        CREATE INDEX containment_heads_instance ON containment_heads (instance);
        CREATE TABLE containment_trees (
            id text COLLATE "C" PRIMARY KEY, clock text NOT NULL, owner text, owner_token_hash text, incarnation bigint NOT NULL,
            creation bytea NOT NULL, checksum bigint NOT NULL);
        CREATE TABLE containment_snapshots (
            tree text COLLATE "C" PRIMARY KEY, state bytea NOT NULL, version bigint NOT NULL, manual_time float8 NOT NULL,
            checksum bigint NOT NULL);
        CREATE TABLE containment_journal (
            tree text COLLATE "C" NOT NULL, version bigint NOT NULL, time float8 NOT NULL, mutation bytea NOT NULL, digest bigint NOT NULL,
            manual_time float8 NOT NULL, checksum bigint NOT NULL, last_seq bigint NOT NULL, controllers bigint NOT NULL,
            PRIMARY KEY (tree, version));
        CREATE TABLE containment_loads (
            tree text COLLATE "C" NOT NULL, generation bigint NOT NULL, previous bigint NOT NULL, last_seq bigint NOT NULL,
            version bigint NOT NULL, PRIMARY KEY (tree, generation));
        """

    /// One step from `from` to `from + 1`: statements run in the transaction that holds the
    /// advisory lock, which leaves the new version behind them.
    struct Migration {
        let from: Int64
        let name: String
        let statements: String
    }

    static let migrations = [
        Migration(
            from: 1, name: "tree ids in byte order",
            statements: """
                ALTER TABLE containment_heads ALTER COLUMN tree TYPE text COLLATE "C";
                ALTER TABLE containment_trees ALTER COLUMN id TYPE text COLLATE "C";
                ALTER TABLE containment_snapshots ALTER COLUMN tree TYPE text COLLATE "C";
                ALTER TABLE containment_journal ALTER COLUMN tree TYPE text COLLATE "C";
                """),
        // Every row written before has its listing in its tree's head already.
        Migration(
            from: 2, name: "listings in the journal",
            statements: """
                ALTER TABLE containment_journal ADD COLUMN last_seq bigint NOT NULL DEFAULT 0,
                    ADD COLUMN controllers bigint NOT NULL DEFAULT 0;
                """),
        Migration(
            from: 3, name: "generations and tree loads",
            statements: """
                ALTER TABLE containment_heads ADD COLUMN generation bigint NOT NULL DEFAULT 0,
                    ADD COLUMN previous bigint NOT NULL DEFAULT 0;
                CREATE TABLE containment_loads (
                    tree text COLLATE "C" NOT NULL, generation bigint NOT NULL, previous bigint NOT NULL, last_seq bigint NOT NULL,
                    version bigint NOT NULL, PRIMARY KEY (tree, generation));
                """),
    ]

    /// Creates the tables when there are none, migrates an older version's; refuses tables of
    /// a version this build does not know.
    static func prepare(_ connection: PostgresConnection, location: String) throws(StateStoreError) {
        var stored: Int64
        do throws(PostgresError) {
            try connection.execute("BEGIN")
            _ = try connection.query("SELECT pg_advisory_xact_lock($1)", [.int(lockKey)])
            if try connection.query("SELECT to_regclass('containment_schema') IS NOT NULL").bool(0, 0) {
                let found = try connection.query("SELECT version FROM containment_schema")
                stored = found.rowCount == 1 ? found.int(0, 0) : -1
                while let migration = migrations.first(where: { $0.from == stored }) {
                    try connection.execute(migration.statements)
                    stored = migration.from + 1
                    _ = try connection.query("UPDATE containment_schema SET version = $1", [.int(stored)])
                }
            } else {
                try connection.execute(tables)
                _ = try connection.query("INSERT INTO containment_schema (version) VALUES ($1)", [.int(version)])
                stored = version
            }
            try connection.execute(stored == version ? "COMMIT" : "ROLLBACK")
        } catch {
            throw .unreadable(path: location, reason: "\(error)")
        }
        guard stored == version else { throw .wrongSchemaVersion(path: location, found: stored, expected: version) }
    }
}
