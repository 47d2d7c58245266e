import Containment

/// What one tree adds to the service-wide gauges and charges to the memory budget, kept equal
/// to its current size after every step.
struct TreeUsage {
    /// What this tree last added to the gauges.
    private var reportedControllers = 0
    private var reportedRetainedEvents = 0
    /// What this tree has charged to the memory budget.
    private var accountedBytes: Int
    /// The client-chosen strings' share of the estimate at its last exact count.
    private var countedStringBytes: Int
    /// Request bodies taken in since then: an upper bound on the strings they added.
    private var uncountedBytes = 0

    /// `accountedBytes`: what creating (or restoring) the tree reserved, its `estimatedBytes`.
    init(tree: ContainmentTree, accountedBytes: Int) {
        self.accountedBytes = accountedBytes
        countedStringBytes = accountedBytes - Self.fixedBytes(controllers: tree.controllerCount, events: Self.retainedEvents(tree))
    }

    /// A request body taken in: it counts against the budget until the next exact count.
    mutating func took(bodyBytes: Int) { uncountedBytes += bodyBytes }

    /// Brings the gauges and the budget to the tree's current size (to nothing once deleted).
    mutating func report(_ tree: ContainmentTree, isDeleted: Bool, _ environment: TreeBoxEnvironment) {
        let controllers = isDeleted ? 0 : tree.controllerCount
        let retained = isDeleted ? 0 : Self.retainedEvents(tree)
        // Most requests change neither: a gauge update takes the gauge's lock.
        if controllers != reportedControllers {
            environment.metrics.controllers.increment(by: Double(controllers - reportedControllers))
        }
        if retained != reportedRetainedEvents {
            environment.metrics.eventsRetained.increment(by: Double(retained - reportedRetainedEvents))
        }
        reportedControllers = controllers
        reportedRetainedEvents = retained
        charge(tree, isDeleted: isDeleted, environment.budget, recount: false)
    }

    /// Keeps the tree's share of the memory budget equal to its estimate: a fixed cost per
    /// controller and retained event, plus its strings as last counted plus the bodies taken in
    /// since. The exact count walks every controller, so it only runs once the uncounted bodies
    /// reach the counted strings (or 64 KiB), amortized O(1) per byte of body, or when
    /// `recount` asks (before a refusal: deletions since may have freed strings).
    mutating func charge(_ tree: ContainmentTree, isDeleted: Bool, _ budget: MemoryBudget, recount: Bool) {
        guard !isDeleted else {
            budget.adjust(by: -accountedBytes)
            accountedBytes = 0
            return
        }
        let fixed = Self.fixedBytes(controllers: reportedControllers, events: reportedRetainedEvents)
        if recount || uncountedBytes > max(64 * 1024, countedStringBytes) {
            countedStringBytes = tree.estimatedBytes - fixed
            uncountedBytes = 0
        }
        let estimate = fixed + countedStringBytes + uncountedBytes
        budget.adjust(by: estimate - accountedBytes)
        accountedBytes = estimate
    }

    private static func fixedBytes(controllers: Int, events: Int) -> Int {
        controllers * ContainmentTree.estimatedBytesPerController + events * ContainmentTree.estimatedBytesPerEvent
    }

    private static func retainedEvents(_ tree: ContainmentTree) -> Int {
        guard tree.lastSeq >= tree.oldestRetainedSeq, tree.lastSeq > 0 else { return 0 }
        return Int(tree.lastSeq - tree.oldestRetainedSeq + 1)
    }
}
