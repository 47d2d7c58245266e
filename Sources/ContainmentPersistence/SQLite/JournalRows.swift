/// The journal's rows as the writer counts them: the next `seq`, the live rows of each tree
/// (after its creation and its latest snapshot) and the dead ones no tree needs, which a
/// cleaning pass deletes once they are many, a slice with each commit. Writer-owned.
struct JournalRows {
    /// The next journal row's `seq`.
    private(set) var next: Int64
    private var live: [String: Int]
    private(set) var liveTotal: Int
    private(set) var dead: Int
    /// Where the running pass is, and the `seq` it stops at; nil between passes.
    private var cleaning: (next: Int64, end: Int64)?
    /// Passes finished since the store opened.
    private(set) var cleanings = 0

    /// Dead journal rows tolerated before a cleaning pass deletes them, as long as they are
    /// also at least as many as the live ones: a pass then reads at most one live row per
    /// dead row it deletes.
    static let deadBeforeCleaning = 16_384
    /// A pass goes over the journal by `seq`, this many rows with each commit, so that no
    /// commit (and no response waiting for it) carries the whole pass.
    static let cleanedPerCommit: Int64 = 4_096

    /// A journal row no tree needs: its tree is gone, or it comes before the tree's creation
    /// or latest snapshot.
    static let isDead = "seq < coalesce((SELECT s.seq FROM journal_starts s WHERE s.tree = journal.tree), 9223372036854775807)"

    /// Counts what the database holds.
    init(_ connection: SQLiteConnection) throws(SQLiteError) {
        next =
            try connection.integer(
                """
                SELECT max(coalesce((SELECT max(seq) FROM journal), 0), coalesce((SELECT max(seq) FROM journal_starts), 0)) + 1
                """)
        let rows = try connection.integer("SELECT count(*) FROM journal")
        let counts = try connection.prepare("SELECT tree, count(*) FROM journal WHERE NOT (\(Self.isDead)) GROUP BY tree")
        var live: [String: Int] = [:]
        while try counts.step() { live[counts.text(0) ?? ""] = Int(counts.integer(1)) }
        self.live = live
        liveTotal = live.values.reduce(0, +)
        dead = Int(rows) - liveTotal
    }

    /// A row was appended for `tree`; its `seq`.
    mutating func append(for tree: String) -> Int64 {
        defer { next += 1 }
        live[tree, default: 0] += 1
        liveTotal += 1
        return next
    }

    /// The live rows of `tree` so far.
    func live(of tree: String) -> Int { live[tree] ?? 0 }

    /// `rows` of `tree`'s live rows became dead (a snapshot replaced them).
    mutating func replaced(_ rows: Int, of tree: String) {
        live[tree, default: 0] -= rows
        liveTotal -= rows
        dead += rows
    }

    /// Every live row of `tree` became dead (the tree was deleted or its id created again).
    mutating func forget(_ tree: String) {
        let rows = live.removeValue(forKey: tree) ?? 0
        liveTotal -= rows
        dead += rows
    }

    /// Starts a cleaning pass once dead rows are many enough, and takes the running one a
    /// slice further.
    mutating func clean(_ connection: SQLiteConnection) throws(SQLiteError) {
        if cleaning == nil, dead >= max(Self.deadBeforeCleaning, liveTotal) {
            cleaning = (try connection.integer("SELECT coalesce(min(seq), 0) FROM journal"), next)
        }
        guard let (from, end) = cleaning else { return }
        let stop = min(from + Self.cleanedPerCommit, end)
        try connection.statement("DELETE FROM journal WHERE seq >= ? AND seq < ? AND \(Self.isDead)").run(from, stop)
        dead -= connection.changes
        if stop < end {
            cleaning = (stop, end)
        } else {
            cleaning = nil
            cleanings += 1
        }
    }
}
