import ContainmentPersistence
import Foundation
import Synchronization

/// A state store that, once told, acknowledges commits without keeping them: what an operating
/// system crash does to the commits `--state-sync normal` had not synced yet. Around a real
/// store, which a restart then finds without them.
final class LosingStore: StoreWrapper, @unchecked Sendable {
    let base: SQLiteStore
    private let losing = Atomic<Bool>(false)

    init(directory: String) throws {
        base = try SQLiteStore(directory: directory, synchronous: .normal)
    }

    /// Commits from now on are acknowledged and lost.
    func loseFromNowOn() { losing.store(true, ordering: .relaxed) }

    func commit(_ records: [JournalRecord]) throws(StateStoreError) {
        guard !losing.load(ordering: .relaxed) else { return }
        try base.commit(records)
    }
}
