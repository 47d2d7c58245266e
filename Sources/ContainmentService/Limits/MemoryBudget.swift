import Synchronization

/// The service-wide memory budget: the bytes every tree holds, by its estimate
/// (`ContainmentTree.estimatedBytes`), summed. A tree is only created when its estimate fits,
/// and mutations are refused (507) once the budget is spent; deleting trees or controllers
/// gives room back. What requests in flight add may pass the limit by that much, no more.
final class MemoryBudget: Sendable {
    let limit: Int
    private let used = Atomic<Int>(0)

    init(limit: Int) {
        self.limit = limit
    }

    var usedBytes: Int { used.load(ordering: .relaxed) }

    /// Takes `bytes` if they fit; else a 507 naming the budget.
    func reserve(_ bytes: Int) throws(Problem) {
        var current = used.load(ordering: .relaxed)
        while true {
            guard current + bytes <= limit else { throw .memoryBudgetExceeded(limit: limit, used: current, asked: bytes) }
            let (exchanged, original) = used.compareExchange(expected: current, desired: current + bytes, ordering: .relaxed)
            if exchanged { return }
            current = original
        }
    }

    var isSpent: Bool { used.load(ordering: .relaxed) >= limit }

    /// Fails with 507 when nothing is left: a mutation is refused before it can add more.
    func checkRoom() throws(Problem) {
        let current = used.load(ordering: .relaxed)
        guard current < limit else { throw .memoryBudgetExceeded(limit: limit, used: current, asked: nil) }
    }

    /// Records a change already made (a mutation's growth, a deletion's release).
    func adjust(by delta: Int) {
        guard delta != 0 else { return }
        used.add(delta, ordering: .relaxed)
    }
}

extension Problem {
    static func memoryBudgetExceeded(limit: Int, used: Int, asked: Int?) -> Problem {
        let need = asked.map { " needs about \($0) more bytes, and" } ?? ""
        return .limitExceeded(
            "The service's memory budget of \(limit) bytes is spent: the request\(need) trees hold about \(used). "
                + "Delete trees or controllers to free room.",
            code: "memory_budget_exceeded")
    }
}
