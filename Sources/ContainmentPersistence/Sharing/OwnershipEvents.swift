/// What a shared store's lease keeper reports, on its thread; each returns promptly.
public struct OwnershipEvents: Sendable {
    /// The lease is lost: this instance holds no tree any more.
    public var lost: @Sendable () -> Void
    /// Another instance asks for this tree: true when the service gives it up through its
    /// journal (behind its records), or will when asked again (it is loading the tree);
    /// false when it holds nothing of it in memory or still to commit (the keeper then
    /// gives the tree up at once, if still held under the epoch the asker saw).
    public var releaseRequested: @Sendable (String) -> Bool
    /// Whoever held this tree gave it up.
    public var released: @Sendable (String) -> Void
    /// A session began (at start, and after a lost lease).
    public var session: @Sendable (Int64) -> Void
    /// The store stopped taking this instance's writes (why), or takes them again (nil).
    public var commits: @Sendable (String?) -> Void

    public init(
        lost: @escaping @Sendable () -> Void, releaseRequested: @escaping @Sendable (String) -> Bool,
        released: @escaping @Sendable (String) -> Void, session: @escaping @Sendable (Int64) -> Void,
        commits: @escaping @Sendable (String?) -> Void = { _ in }
    ) {
        self.lost = lost
        self.releaseRequested = releaseRequested
        self.released = released
        self.session = session
        self.commits = commits
    }
}
