/// Opens the store the command line names, the one place that names a backend: the shared
/// store at `--state-url` (PostgreSQL), else the state directory at `--state-dir` (SQLite),
/// else none (trees in memory only).
public enum JournalStoreFactory {
    /// `instanceName` (how this instance names itself in the shared store) is asked for only
    /// with a URL.
    public static func open(
        url: String?, directory: String?, instanceName: @autoclosure () -> String, leaseTiming: LeaseTiming, synchronous: StoreSynchronous
    ) throws(StateStoreError) -> (any JournalStore)? {
        if let url {
            return try PostgresStore(url: url, instanceName: instanceName(), leaseTiming: leaseTiming, synchronous: synchronous)
        }
        if let directory { return try SQLiteStore(directory: directory, synchronous: synchronous) }
        return nil
    }

    /// Parses `url` as the shared store will, so that the command line refuses a bad one
    /// before anything starts; the error never quotes it (any part may be the password).
    public static func checkURL(_ url: String) throws(PostgresURL.Invalid) {
        _ = try PostgresURL(url)
    }
}
