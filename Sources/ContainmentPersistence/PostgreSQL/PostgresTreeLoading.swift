/// Reads trees back from the shared store, each record checked against its checksum as the
/// SQLite store checks its own.
enum PostgresTreeLoading {
    static let header = "SELECT id, clock, owner, owner_token_hash, incarnation, creation, checksum FROM containment_trees"
    static let snapshot = "SELECT tree, state, version, manual_time, checksum FROM containment_snapshots"
    static let journal = "SELECT tree, version, time, mutation, digest, manual_time, checksum FROM containment_journal"

    /// Tree `$1`'s latest loads, oldest first.
    static let loads = "SELECT generation, previous, last_seq, version FROM containment_loads WHERE tree = $1 ORDER BY generation"

    /// The rows of tree `$1` after its snapshot (the dead ones are not sent).
    static let liveRowsOfOneTree = """
         WHERE tree = $1 AND version > coalesce((SELECT version FROM containment_snapshots WHERE tree = $1), -1) ORDER BY version
        """

    /// Where `column` is tree `$1`, held by instance `$2`: read in the takeover's round trip,
    /// nothing when it was not taken.
    static func ifHeld(_ column: String) -> String {
        " WHERE \(column) = $1 AND EXISTS (SELECT 1 FROM containment_heads WHERE tree = $1 AND instance = $2)"
    }

    /// `liveRowsOfOneTree` of a tree held by instance `$2`.
    static let liveRowsIfHeld = """
         WHERE tree = $1 AND version > coalesce((SELECT version FROM containment_snapshots WHERE tree = $1), -1)
           AND EXISTS (SELECT 1 FROM containment_heads WHERE tree = $1 AND instance = $2) ORDER BY version
        """

    /// `loads` of a tree held by instance `$2` (the takeover's own load among them).
    static let loadsIfHeld = """
        SELECT generation, previous, last_seq, version FROM containment_loads
        WHERE tree = $1 AND EXISTS (SELECT 1 FROM containment_heads WHERE tree = $1 AND instance = $2) ORDER BY generation
        """

    /// One tree (nil when there is none), in one round trip.
    static func load(_ connection: PostgresConnection, tree: String, location: String) throws(StateStoreError) -> StoredTree? {
        let results = try run(connection, location: location) { () throws(PostgresError) in
            try connection.pipeline([
                .init(sql: header + " WHERE id = $1", parameters: [.text(tree)], prepared: true),
                .init(sql: snapshot + " WHERE tree = $1", parameters: [.text(tree)], prepared: true),
                .init(sql: journal + Self.liveRowsOfOneTree, parameters: [.text(tree)], prepared: true),
                .init(sql: loads, parameters: [.text(tree)], prepared: true),
            ]).map { result throws(PostgresError) in try result.get() }
        }
        return try oneTree(headers: results[0], snapshots: results[1], entries: results[2], loads: results[3])
    }

    /// The tree of one tree's rows with its latest loads, nil when its header is not among them.
    static func oneTree(
        headers: PostgresResult, snapshots: PostgresResult, entries: PostgresResult, loads: PostgresResult
    ) throws(StateStoreError) -> StoredTree? {
        guard var stored = try trees(headers: headers, snapshots: snapshots, entries: entries).first else { return nil }
        stored.loads = (0..<loads.rowCount).map { row in
            TreeLoad(
                generation: UInt64(bitPattern: loads.int(row, 0)), previous: UInt64(bitPattern: loads.int(row, 1)),
                lastSeq: UInt64(bitPattern: loads.int(row, 2)), version: UInt64(bitPattern: loads.int(row, 3)))
        }
        return stored
    }

    /// Every tree, in id order.
    static func loadAll(_ connection: PostgresConnection, location: String) throws(StateStoreError) -> [StoredTree] {
        let results = try run(connection, location: location) { () throws(PostgresError) in
            [
                try connection.query(header + " ORDER BY id"), try connection.query(snapshot),
                try connection.query(journal + " ORDER BY tree, version"),
            ]
        }
        return try trees(headers: results[0], snapshots: results[1], entries: results[2])
    }

    private static func run<Value>(
        _ connection: PostgresConnection, location: String, _ body: () throws(PostgresError) -> Value
    ) throws(StateStoreError) -> Value {
        do {
            return try body()
        } catch {
            throw .unreadable(path: location, reason: "\(error)")
        }
    }

    private static func trees(headers: PostgresResult, snapshots: PostgresResult, entries: PostgresResult) throws(StateStoreError) -> [StoredTree] {
        var trees: [StoredTree] = []
        var index: [String: Int] = [:]
        for row in 0..<headers.rowCount {
            let header = StoredTreeHeader(
                id: headers.text(row, 0) ?? "", clock: headers.text(row, 1) ?? "", owner: headers.text(row, 2),
                ownerTokenHash: headers.text(row, 3), incarnation: UInt64(bitPattern: headers.int(row, 4)), creation: headers.bytes(row, 5))
            guard header.checksum == headers.int(row, 6) else { throw .checksumMismatch(tree: header.id, record: "its creation") }
            index[header.id] = trees.count
            trees.append(StoredTree(header: header, snapshot: nil, entries: []))
        }
        for row in 0..<snapshots.rowCount {
            let snapshot = StoredSnapshot(
                tree: snapshots.text(row, 0) ?? "", state: snapshots.bytes(row, 1), version: UInt64(bitPattern: snapshots.int(row, 2)),
                manualTime: snapshots.double(row, 3))
            guard let position = index[snapshot.tree] else {
                throw .unreadableRecord(tree: snapshot.tree, reason: "a snapshot belongs to no stored tree")
            }
            guard snapshot.checksum == snapshots.int(row, 4) else { throw .checksumMismatch(tree: snapshot.tree, record: "its snapshot") }
            trees[position].snapshot = snapshot
        }
        for row in 0..<entries.rowCount {
            var entry = JournalEntry(
                tree: entries.text(row, 0) ?? "", time: entries.double(row, 2), mutation: entries.bytes(row, 3),
                digest: UInt64(bitPattern: entries.int(row, 4)), version: UInt64(bitPattern: entries.int(row, 1)),
                manualTime: entries.double(row, 5))
            entry.position = Int64(bitPattern: entry.version)
            guard let position = index[entry.tree] else { throw .unreadableRecord(tree: entry.tree, reason: "a journal entry belongs to no stored tree") }
            // A row the tree's snapshot covers is dead, not yet deleted (`PostgresJournalCleaner`).
            if let snapshot = trees[position].snapshot, entry.version <= snapshot.version { continue }
            guard entry.sharedChecksum == entries.int(row, 6) else {
                throw .checksumMismatch(tree: entry.tree, record: "journal entry \(entry.position)")
            }
            trees[position].entries.append(entry)
        }
        return trees
    }
}
