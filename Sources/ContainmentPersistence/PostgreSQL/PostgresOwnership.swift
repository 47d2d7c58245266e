/// Which trees this instance may write, under which lease: its session (its row in
/// `containment_instances`) and the epoch under which it took each tree. Guarded by the
/// store's lock; the writer, the tree reader and the lease keeper each change their part.
struct PostgresOwnership {
    /// Nil while this instance has no valid lease (at start, and after losing one).
    var session: Int64?
    /// Tree id → the epoch this instance holds it under.
    var held: [String: Int64] = [:]
}

/// The notification channels of one schema: `LISTEN`/`NOTIFY` channels are per database, so
/// each carries the schema's name and instances of two schemas never hear each other.
struct PostgresChannels: Sendable {
    let schema: String

    /// Where instance `session` hears that another instance asks for one of its trees.
    func release(of session: Int64) -> String { "containment.release.\(session).\(schema)" }

    /// Where every instance hears that a tree was given up (payload: its id).
    var released: String { "containment.released.\(schema)" }

    /// `channel` as an identifier for `LISTEN`.
    static func quoted(_ channel: String) -> String { PostgresValue.quoted(channel, by: "\"") }
}
