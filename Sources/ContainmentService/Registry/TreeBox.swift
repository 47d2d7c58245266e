import Containment
import Foundation
import Synchronization

/// One tree behind its own lock: requests on different trees never wait for each other.
final class TreeBox: Sendable {
    let id: String
    let clock: TreeClock
    private let state: Mutex<State>

    /// What the lock guards. `ContainmentTree` is not thread-safe; it is only touched here.
    struct State {
        let tree: ContainmentTree
        /// The manual clock's current time (seconds since 1970); unused on real trees.
        var manualTime: Double
        /// Set once the tree is deleted, for requests that looked the box up just before.
        var isDeleted = false
        /// What this tree last added to the service-wide gauges.
        var reportedControllers = 0
        var reportedRetainedEvents = 0
    }

    init(tree: sending ContainmentTree, clock: TreeClock, createdAt: Double) {
        id = tree.id
        self.clock = clock
        state = Mutex(State(tree: tree, manualTime: createdAt))
    }

    /// Runs `body` on the tree under its lock, with the tree's `now`, and publishes its events.
    /// On a real clock, transitions that fell due complete first: their events are published
    /// and logged but not returned, since this request did not cause them.
    func withTree<Result: Sendable>(
        _ core: ServiceCore,
        _ body: (ContainmentTree, _ now: Double, _ state: inout State) throws(Problem) -> (Result, [Event])
    ) throws(Problem) -> (Result, [Event]) {
        try state.withLock { (state: inout State) throws(Problem) -> (Result, [Event]) in
            guard !state.isDeleted else { throw .treeNotFound(id) }
            let now = clock == .real ? Date().timeIntervalSince1970 : state.manualTime
            let catchUp = clock == .real && state.tree.nextDueTime.map { $0 <= now } == true
                ? state.tree.advance(to: now) : []
            core.hub.publish(tree: id, events: catchUp)
            defer { reportGauges(core, &state) }
            let (result, events) = try body(state.tree, now, &state)
            core.hub.publish(tree: id, events: events)
            return (result, events)
        }
    }

    /// Reads the tree under its lock (due transitions on a real clock complete first).
    func read<Result: Sendable>(_ core: ServiceCore, _ body: (ContainmentTree) throws(Problem) -> Result) throws(Problem) -> Result {
        try withTree(core) { (tree, _, _) throws(Problem) in (try body(tree), []) }.0
    }

    /// Tears the tree down and marks it deleted; later requests holding this box get 404.
    func tearDown(_ core: ServiceCore) throws(Problem) -> [Event] {
        try withTree(core) { (tree, now, state) throws(Problem) -> ((), [Event]) in
            state.isDeleted = true
            return ((), tree.tearDown(now: now))
        }.1
    }

    /// Keeps the service-wide gauges equal to the sum over live trees.
    private func reportGauges(_ core: ServiceCore, _ state: inout State) {
        let controllers = state.isDeleted ? 0 : state.tree.controllerCount
        let retained = state.isDeleted ? 0 : Self.retainedEvents(state.tree)
        core.metrics.controllers.increment(by: Double(controllers - state.reportedControllers))
        core.metrics.eventsRetained.increment(by: Double(retained - state.reportedRetainedEvents))
        state.reportedControllers = controllers
        state.reportedRetainedEvents = retained
    }

    private static func retainedEvents(_ tree: ContainmentTree) -> Int {
        guard tree.lastSeq >= tree.oldestRetainedSeq, tree.lastSeq > 0 else { return 0 }
        return Int(tree.lastSeq - tree.oldestRetainedSeq + 1)
    }
}

extension Problem {
    static func treeNotFound(_ id: String) -> Problem {
        .notFound("No tree with id \(id).", code: "tree_not_found")
    }
}
