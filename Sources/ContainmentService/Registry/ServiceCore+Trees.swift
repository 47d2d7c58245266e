import Containment

extension ServiceCore {
    /// Lists a built tree, its estimated size reserved from the memory budget: `POST /v1/trees`
    /// and scenario runs share it. Listed while its lock is held, so no other request can
    /// publish before its creation events.
    /// `creation` says how it was built, for the state directory to build it again.
    /// `commit`: the request's, whose answer waits for the creation to be durable.
    func register(
        _ tree: sending ContainmentTree, clock: TreeClock, owner: String?, creation: TreeCreation, commit: PendingCommit?
    ) throws(Problem) -> (TreeSnapshot, [Event]) {
        let bytes = tree.estimatedBytes
        try budget.reserve(bytes)
        let box = TreeBox(
            tree: tree, environment: treeEnvironment, clock: clock, owner: owner, manualTime: creation.time,
            incarnation: nextTreeIncarnation(), accountedBytes: bytes,
            history: TreeHistory(generation: ownership?.store.sessionGeneration ?? generation.load(ordering: .relaxed)))
        let (snapshot, events): (TreeSnapshot, [Event])
        do throws(Problem) {
            let built = try box.step(commit: commit) { (tree, _, step) throws(Problem) in
                try registry.insert(box, session: ownership?.store.session)
                step.journal(.creation(creation))
                return (tree.snapshot(), tree.creationEvents)
            }
            (snapshot, events) = (built.0, built.1.list)
        } catch {
            budget.adjust(by: -bytes)
            throw error
        }
        box.forgetIfCreationRefused()
        metrics.trees.set(Int64(registry.count))
        return (snapshot, events)
    }

    /// The limits every tree of this service gets.
    var treeConfiguration: TreeConfiguration {
        TreeConfiguration(eventRetention: configuration.eventsRetainedPerTree, maxControllers: configuration.maxControllersPerTree)
    }
}
