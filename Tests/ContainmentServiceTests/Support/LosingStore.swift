import ContainmentPersistence
import Foundation
import Synchronization

/// A state store that, once told, acknowledges commits without keeping them: what an operating
/// system crash does to the commits `--state-sync normal` had not synced yet. Around a real
/// store, which a restart then finds without them.
final class LosingStore: JournalStore, @unchecked Sendable {
    private let base: StateStore
    private let losing = Atomic<Bool>(false)

    init(directory: String) throws {
        base = try StateStore(directory: directory, synchronous: .normal)
    }

    var location: String { base.location }

    /// Commits from now on are acknowledged and lost.
    func loseFromNowOn() { losing.store(true, ordering: .relaxed) }

    func commit(_ records: [JournalRecord]) throws(StateStoreError) {
        guard !losing.load(ordering: .relaxed) else { return }
        try base.commit(records)
    }

    func loadTrees() throws(StateStoreError) -> [StoredTree] { try base.loadTrees() }
    func beginGeneration() throws(StateStoreError) -> UInt64 { try base.beginGeneration() }
    func recordLoads(_ loads: [(tree: String, incarnation: UInt64, load: TreeLoad)]) throws(StateStoreError) { try base.recordLoads(loads) }
    func sync() throws(StateStoreError) { try base.sync() }
    var hasQueuedSnapshots: Bool { base.hasQueuedSnapshots }
    func currentStatistics() -> StoreStatistics { base.currentStatistics() }
    func close() { base.close() }
}
