import ContainmentPersistence
import Foundation

/// A state store whose commits can be held, as on a disk that stopped taking writes (a frozen
/// file system, a hung network volume), and then let through or failed. Around a real store.
final class StallingStore: StoreWrapper, @unchecked Sendable {
    let base: SQLiteStore
    private let condition = NSCondition()
    private var mode = Mode.open
    private var waiting = 0

    enum Mode {
        case open
        case stalled
        /// Commits held so far, and every later one, fail.
        case failing
    }

    init(directory: String) throws {
        base = try SQLiteStore(directory: directory, synchronous: .normal)
    }

    /// Commits from now on wait.
    func stall() { set(.stalled) }

    /// Waiting commits and later ones go through.
    func resume() { set(.open) }

    /// Waiting commits and later ones fail, as on a disk that returned an I/O error.
    func fail() { set(.failing) }

    /// Blocks until a commit waits (the writer is stuck in it).
    func waitForStalledCommit() {
        condition.lock()
        while waiting == 0 { condition.wait() }
        condition.unlock()
    }

    private func set(_ mode: Mode) {
        condition.lock()
        self.mode = mode
        condition.broadcast()
        condition.unlock()
    }

    func commit(_ records: [JournalRecord]) throws(StateStoreError) {
        condition.lock()
        waiting += 1
        condition.broadcast()
        while mode == .stalled { condition.wait() }
        waiting -= 1
        let failing = mode == .failing
        condition.unlock()
        if failing { throw .commitFailed(reason: "disk I/O error (a test's)") }
        try base.commit(records)
    }
}
