/// Whether the store takes this instance's writes, for readiness: a transaction that writes a
/// row of every table a commit writes (under an id no tree can have), checks the privileges an
/// upsert and a takeover need besides, and rolls back. One round trip, every
/// `interval` on the lease keeper's connection and at once after a commit the database
/// refused: a user without write privileges, a read-only database or a damaged table fails
/// it, while a refusal of one request's records (a value too large) does not.
enum PostgresCommitProbe {
    /// Nanoseconds between probes.
    static let interval: UInt64 = 5_000_000_000

    /// Nil when the store takes writes; else why not (PostgreSQL's error, for the log). Throws
    /// when the connection fails: that says nothing of the store.
    static func run(_ connection: PostgresConnection, session: Int64?) throws(PostgresError) -> String? {
        let tree = PostgresValue.text(" commit probe of session \(session ?? 0)")
        let statements: [PostgresConnection.Statement] = [
            .init(sql: "BEGIN", parameters: []),
            .init(sql: "SET LOCAL lock_timeout = 200", parameters: []),
            .init(sql: "SET LOCAL statement_timeout = 2000", parameters: []),
            .init(
                sql: """
                    INSERT INTO containment_trees (id, clock, owner, owner_token_hash, incarnation, creation, checksum)
                    VALUES ($1, 'manual', NULL, NULL, 0, '\\x', 0)
                    """, parameters: [tree]),
            .init(
                sql: "INSERT INTO containment_heads (tree, instance, epoch, version, last_seq, controllers) VALUES ($1, NULL, 0, 0, 0, 0)",
                parameters: [tree]),
            .init(
                sql: """
                    INSERT INTO containment_journal (tree, version, time, mutation, digest, manual_time, checksum, last_seq, controllers)
                    VALUES ($1, 1, 0, '\\x', 0, 0, 0, 0, 0)
                    """, parameters: [tree]),
            .init(
                sql: "INSERT INTO containment_snapshots (tree, state, version, manual_time, checksum) VALUES ($1, '\\x', 1, 0, 0)",
                parameters: [tree]),
            .init(sql: "UPDATE containment_heads SET version = 1 WHERE tree = $1", parameters: [tree]),
            .init(sql: "DELETE FROM containment_journal WHERE tree = $1", parameters: [tree]),
            .init(sql: privileges, parameters: []),
        ]
        let results = try connection.pipeline(statements)
        // Whatever happened, nothing of it stays (a failure left the transaction aborted).
        try connection.execute("ROLLBACK")
        do throws(PostgresError) {
            for result in results { _ = try result.get() }
            let granted = try results[results.count - 1].get()
            return granted.bool(0, 0) ? nil : "this database user lacks a privilege on the containment_ tables or sequences"
        } catch {
            return "\(error)"
        }
    }

    /// Those the rows above do not show: upserts update, takeovers and fences draw epochs.
    /// One privilege a call: a list is true when any one of it is held.
    static let privileges = """
        SELECT has_table_privilege('containment_trees', 'UPDATE') AND has_table_privilege('containment_trees', 'SELECT')
           AND has_table_privilege('containment_snapshots', 'UPDATE') AND has_table_privilege('containment_snapshots', 'DELETE')
           AND has_table_privilege('containment_snapshots', 'SELECT') AND has_table_privilege('containment_heads', 'SELECT')
           AND has_table_privilege('containment_heads', 'DELETE') AND has_table_privilege('containment_journal', 'SELECT')
           AND has_table_privilege('containment_instances', 'UPDATE') AND has_table_privilege('containment_instances', 'SELECT')
           AND has_sequence_privilege('containment_epochs', 'USAGE') AND has_sequence_privilege('containment_sessions', 'USAGE')
        """
}
