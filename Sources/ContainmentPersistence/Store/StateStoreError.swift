/// Why the state directory cannot be used. Each stops the service at start-up with its text;
/// the directory is left as it was found.
public enum StateStoreError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The directory or database cannot be opened, read or written (missing permissions, a
    /// file where the directory should be, a database another process holds).
    case unreadable(path: String, reason: String)
    /// The file is not a SQLite database, or a SQLite database of something else.
    case notAStateDatabase(path: String, reason: String)
    /// Written by a build with another schema.
    case wrongSchemaVersion(path: String, found: Int64, expected: Int64)
    /// A write-ahead log beside a missing or empty database: the log would be lost.
    case logWithoutDatabase(database: String, log: String, reason: String)
    /// SQLite's `PRAGMA quick_check` found damage.
    case integrityCheckFailed(path: String, report: String)
    /// A stored record whose bytes differ from the checksum written with them; `record` names
    /// it (its creation, its snapshot, journal entry N).
    case checksumMismatch(tree: String, record: String)
    /// A stored record that cannot be read back (it decodes to nothing this build knows).
    case unreadableRecord(tree: String, reason: String)
    /// Replaying a tree's journal did not reproduce what was recorded: the events of the
    /// mutation at `position` differ, or it failed where it had succeeded.
    case replayMismatch(tree: String, position: Int64, reason: String)
    /// A commit failed while serving; every later mutation is refused until a restart.
    case commitFailed(reason: String)
    /// A store shared by several instances refused this instance's records of a tree: another
    /// instance owns it now (this one's lease lapsed, or it gave the tree up). Nothing of them
    /// was committed.
    case ownershipLost(tree: String)
    /// A store shared by several instances refused a tree's creation: another instance created
    /// a tree with that id first.
    case treeExists(tree: String)
    /// The connection to a shared store broke during a commit: its records may or may not be
    /// committed, so their trees are given up and loaded again from the store.
    case commitInDoubt(reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "state directory \(path) cannot be used: \(reason)"
        case .notAStateDatabase(let path, let reason): "\(path) is not a Containment state database: \(reason)"
        case .wrongSchemaVersion(let path, let found, let expected):
            "\(path) has schema version \(found); this build reads version \(expected)"
        case .logWithoutDatabase(let database, let log, let reason):
            "\(log) holds commits not yet in \(database), and \(reason): restore the database with its log, or move the log aside to start empty"
        case .integrityCheckFailed(let path, let report): "\(path) failed SQLite's integrity check: \(report)"
        case .checksumMismatch(let tree, let record): "tree \(tree): \(record) does not match its checksum: the stored bytes changed"
        case .unreadableRecord(let tree, let reason): "tree \(tree): a stored record cannot be read: \(reason)"
        case .replayMismatch(let tree, let position, let reason):
            "tree \(tree): replaying journal entry \(position) did not reproduce the recorded state: \(reason)"
        case .commitFailed(let reason): "a commit to the state database failed: \(reason)"
        case .ownershipLost(let tree): "tree \(tree) is owned by another instance now; this instance's change of it was not committed"
        case .treeExists(let tree): "another instance created a tree with id \(tree) first"
        case .commitInDoubt(let reason): "the connection to the state database broke during a commit, which may or may not have been made: \(reason)"
        }
    }
}
