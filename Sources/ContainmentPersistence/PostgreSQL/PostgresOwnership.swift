/// Which trees this instance may write, under which lease: its session (its row in
/// `containment_instances`) and the epoch under which it took each tree. Guarded by the
/// store's lock; the writer, the tree reader and the lease keeper each change their part.
struct PostgresOwnership {
    /// Nil while this instance has no valid lease (at start, and after losing one).
    var session: Int64?
    /// The generation the trees this session creates give event ids out under: drawn with the
    /// session, durably, from the epochs (`TreeLoad`).
    var generation: Int64 = 0
    /// Tree id → the epoch this instance holds it under.
    var held: [String: Int64] = [:]
}

/// The notification channels of one schema: `LISTEN`/`NOTIFY` channels are per database, so
/// each carries the schema's name and instances of two schemas never hear each other.
struct PostgresChannels: Sendable {
    let schema: String

    /// Where instance `session` hears that another instance asks for one of its trees
    /// (payload: `releaseRequest`).
    func release(of session: Int64) -> String { releasePrefix + String(session) + releaseSuffix }

    /// `release(of:)` around the instance's number, for a statement that names the holder itself.
    let releasePrefix = "containment.release."
    var releaseSuffix: String { "." + schema }

    /// A request's payload: the epoch the asker saw the tree held under, a space, the tree's id
    /// (the epoch's digits end at the first space, whatever the id holds).
    static func releaseRequest(for tree: String, epoch: Int64) -> String { "\(epoch) \(tree)" }

    /// The tree and epoch of a request's payload; nil when it is not one.
    static func releaseRequest(from payload: String) -> (tree: String, epoch: Int64)? {
        guard let space = payload.firstIndex(of: " "), let epoch = Int64(payload[..<space]) else { return nil }
        return (String(payload[payload.index(after: space)...]), epoch)
    }

    /// Where every instance hears that a tree was given up (payload: its id).
    var released: String { "containment.released.\(schema)" }

    /// `channel` as an identifier for `LISTEN`.
    static func quoted(_ channel: String) -> String { PostgresValue.quoted(channel, by: "\"") }
}
