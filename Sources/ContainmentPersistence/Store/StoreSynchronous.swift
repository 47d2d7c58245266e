/// SQLite's `PRAGMA synchronous` in WAL mode: how far an acknowledged mutation survives.
public enum StoreSynchronous: String, Sendable, CaseIterable {
    /// Commits reach the operating system before the answer (no fsync per commit; the WAL is
    /// synced at checkpoints): a killed or crashed process loses nothing, a power loss or
    /// kernel crash may lose the last commits.
    case normal
    /// Every commit is fsynced before the answer: survives power loss, at the cost of one
    /// disk flush per group of commits.
    case full
}
