/// The last few handles found by id in a `NodeTable`, so that the ids a call names again and
/// again (a transition names its parent and both children in each of its steps) are
/// compared with a remembered node's id instead of hashed. Never trusted: each is checked
/// against the table (`NodeTable.holds`), so a deleted or replaced node is simply missed.
struct RecentHandles {
    /// Generation 0 is never stored (`NodeTable` starts at 1): an empty entry never matches.
    private static let empty = NodeHandle(slot: 0, generation: 0)
    private var first = Self.empty
    private var second = Self.empty
    private var third = Self.empty
    private var fourth = Self.empty
    /// Which entry the next miss replaces, oldest first.
    private var next = 0

    /// The handle `table` holds under `id`: from the entries when one matches, else looked up
    /// and remembered.
    mutating func handle<Node>(_ id: String, in table: NodeTable<Node>) -> NodeHandle? {
        if table.holds(first, id: id) { return first }
        if table.holds(second, id: id) { return second }
        if table.holds(third, id: id) { return third }
        if table.holds(fourth, id: id) { return fourth }
        guard let handle = table.handle(id) else { return nil }
        switch next {
        case 0: first = handle
        case 1: second = handle
        case 2: third = handle
        default: fourth = handle
        }
        next = (next + 1) & 3
        return handle
    }
}
