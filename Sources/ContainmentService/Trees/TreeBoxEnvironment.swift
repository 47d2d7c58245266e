import ContainmentPersistence

/// What a tree box needs of the service, given once at its creation: a box sees the journal,
/// the streams, the gauges, the budget and the timer, never the routes' configuration or the
/// other trees. One per service, shared by its boxes.
final class TreeBoxEnvironment: Sendable {
    /// The state directory's or shared store's journal; nil keeps trees in memory only.
    let journal: StateJournal?
    let hub: EventHub
    let metrics: ServiceMetrics
    let budget: MemoryBudget
    let transitionTimer: TransitionTimer
    /// Weak: the registry holds the boxes, which hold this.
    weak let registry: TreeRegistry?
    /// To store a tree's owner as its token's hash, which survives a renamed token.
    let accessTokens: AccessTokens?
    /// The journal lengths after which a tree's journal gives way to a snapshot
    /// (`TreeJournal.needsSnapshot`).
    let snapshotThresholds: SnapshotThresholds

    init(
        journal: StateJournal?, hub: EventHub, metrics: ServiceMetrics, budget: MemoryBudget, transitionTimer: TransitionTimer,
        registry: TreeRegistry, configuration: ServiceConfiguration
    ) {
        self.journal = journal
        self.hub = hub
        self.metrics = metrics
        self.budget = budget
        self.transitionTimer = transitionTimer
        self.registry = registry
        accessTokens = configuration.accessTokens
        snapshotThresholds = SnapshotThresholds(configuration)
    }

    /// The trees gauge, after a tree left the registry.
    func countTrees() {
        guard let registry else { return }
        metrics.trees.set(Int64(registry.count))
    }
}
