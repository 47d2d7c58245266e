import Glibc

/// The state directory's files as found before SQLite touches them: SQLite creates a missing
/// database, and takes an empty one for a new database, so both checks come first.
enum StateFiles {
    /// The directory must exist (it is created when missing, with its parent present) and be
    /// readable, writable and searchable by this user.
    static func checkDirectory(_ directory: String) throws(StateStoreError) {
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

    /// A write-ahead log holds commits the database file lacks until a checkpoint copies them
    /// in; beside a missing or empty database (a backup that copied only the log, a failed
    /// `cp`) it is the only copy of them, and opening would start an empty database over it.
    /// Refused, naming both files, before anything is opened.
    static func checkDatabase(_ database: String) throws(StateStoreError) {
        let log = database + "-wal"
        guard let logSize = size(of: log), logSize > 0 else { return }
        switch size(of: database) {
        case nil:
            throw .logWithoutDatabase(database: database, log: log, reason: "the database is missing")
        case 0?:
            throw .logWithoutDatabase(database: database, log: log, reason: "the database is empty")
        default:
            if access(database, R_OK | W_OK) != 0 {
                throw .unreadable(path: database, reason: "the database file is not readable and writable by this user")
            }
        }
    }

    /// The file's size, nil when there is none.
    private static func size(of path: String) -> Int? {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : nil
    }
}
