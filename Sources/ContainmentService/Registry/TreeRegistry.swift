import Synchronization

/// Every live tree by id. Its lock guards only the dictionary, never a tree operation, so a
/// slow request on one tree can't stall the others.
final class TreeRegistry: Sendable {
    private let trees = Mutex<[String: TreeBox]>([:])
    private let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    var count: Int { trees.withLock { $0.count } }

    /// Fails early, before a tree is built, when `id` is taken or the registry is full.
    func checkRoom(for id: String) throws(Problem) {
        try trees.withLock { (trees) throws(Problem) in try Self.checkRoom(trees, for: id, limit: limit) }
    }

    /// Adds a built tree; the same checks again, since another request may have won the race.
    func insert(_ box: TreeBox) throws(Problem) {
        try trees.withLock { (trees) throws(Problem) in
            try Self.checkRoom(trees, for: box.id, limit: limit)
            trees[box.id] = box
        }
    }

    func box(_ id: String) throws(Problem) -> TreeBox {
        guard let box = trees.withLock({ $0[id] }) else { throw .treeNotFound(id) }
        return box
    }

    /// Unlists the tree; the caller tears it down.
    func remove(_ id: String) throws(Problem) -> TreeBox {
        guard let box = trees.withLock({ $0.removeValue(forKey: id) }) else { throw .treeNotFound(id) }
        return box
    }

    /// Every tree held, in no order.
    var all: [TreeBox] { trees.withLock { Array($0.values) } }

    /// Up to `limit` trees in id order after `cursor` (exclusive), and the cursor of the next page.
    func page(after cursor: String?, limit: Int) -> (boxes: [TreeBox], nextCursor: String?) {
        let sorted = all.filter { box in cursor.map { box.id > $0 } ?? true }.sorted { $0.id < $1.id }
        let page = Array(sorted.prefix(limit))
        return (page, sorted.count > limit ? page.last?.id : nil)
    }

    private static func checkRoom(_ trees: [String: TreeBox], for id: String, limit: Int) throws(Problem) {
        if trees[id] != nil {
            throw Problem(status: 409, code: "tree_exists", detail: "A tree with id \(id) already exists.", field: "id")
        }
        if trees.count >= limit {
            throw .limitExceeded("The service holds its maximum of \(limit) trees.", code: "tree_limit_exceeded")
        }
    }
}
