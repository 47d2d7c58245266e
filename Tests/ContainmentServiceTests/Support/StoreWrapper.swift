import ContainmentPersistence

/// A test's store around a real one: everything but what the test changes (commits) is
/// passed on to `base`.
protocol StoreWrapper: JournalStore {
    var base: SQLiteStore { get }
}

extension StoreWrapper {
    var location: String { base.location }
    func loadTrees() throws(StateStoreError) -> [StoredTree] { try base.loadTrees() }
    func beginGeneration() throws(StateStoreError) -> UInt64 { try base.beginGeneration() }
    func recordLoads(_ loads: [(tree: String, incarnation: UInt64, load: TreeLoad)]) throws(StateStoreError) { try base.recordLoads(loads) }
    func sync() throws(StateStoreError) { try base.sync() }
    var hasQueuedSnapshots: Bool { base.hasQueuedSnapshots }
    func currentStatistics() -> StoreStatistics { base.currentStatistics() }
    func close() { base.close() }
}
