import Containment

/// A tree's `?wait=true` transition requests still waiting for their transition to finish.
struct TransitionWaiters {
    private var waiting: [TransitionWaiter] = []

    mutating func add(_ waiter: TransitionWaiter) { waiting.append(waiter) }

    /// Every waiter, leaving none (the tree is gone, or the service is stopping).
    mutating func takeAll() -> [TransitionWaiter] {
        defer { waiting = [] }
        return waiting
    }

    /// The waiters whose transition finished in the batch `completion`, taken off the list for
    /// the caller to answer once the tree's lock is released.
    mutating func takeFinished(in tree: ContainmentTree, completion: [Event]) -> [FinishedWaiter] {
        guard !waiting.isEmpty, !completion.isEmpty else { return [] }
        var finished: [FinishedWaiter] = []
        waiting.removeAll { waiter in
            guard let snapshot = try? tree.transition(waiter.transition), snapshot.state == .finished else { return false }
            finished.append(FinishedWaiter(waiter: waiter, snapshot: snapshot, completion: completion))
            return true
        }
        return finished
    }
}

/// A waiting request whose transition finished, with what its answer needs.
struct FinishedWaiter {
    let waiter: TransitionWaiter
    let snapshot: TransitionSnapshot
    let completion: [Event]

    func answer() { waiter.complete(snapshot, completion: completion) }
}
