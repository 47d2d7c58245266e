import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// Completes real-clock transitions when they fall due: one timer for every tree, armed for
/// the earliest due time, instead of a thread or a timer per transition. When it fires it
/// asks each due tree to catch up (`TreeBox` completes what is due, publishes the events and
/// schedules its next due time again).
final class TransitionTimer: Sendable {
    private let queue = DispatchQueue(label: "containment.transitions")
    private let state = Mutex(State())

    private struct State {
        /// Earliest due time (seconds since 1970) per tree.
        var due: [String: Double] = [:]
        var armedFor: Double?
        /// Bumped on every re-arm: only the latest armed wake-up acts, earlier ones return.
        var generation: UInt64 = 0
        var isStopped = false
        var handler: (@Sendable (_ tree: String) -> Void)?
    }

    /// `handler` runs on the timer's queue with the id of each tree that has a transition due.
    func onDue(_ handler: @escaping @Sendable (_ tree: String) -> Void) {
        state.withLock { $0.handler = handler }
    }

    /// Makes sure `tree` is caught up at `time` (or earlier, if it asked for earlier).
    func schedule(tree: String, at time: Double) {
        state.withLock { state in
            guard !state.isStopped else { return }
            state.due[tree] = min(state.due[tree] ?? .infinity, time)
            if state.armedFor.map({ time < $0 }) ?? true { arm(&state, for: time) }
        }
    }

    /// No more firing (shutdown).
    func stop() {
        state.withLock { state in
            state.isStopped = true
            state.due = [:]
            state.handler = nil
        }
    }

    private func fireDue(generation: UInt64) {
        let (trees, handler) = state.withLock { state -> ([String], (@Sendable (String) -> Void)?) in
            guard generation == state.generation, !state.isStopped else { return ([], nil) }
            // A millisecond of slack: the wake-up may come a hair early; the tree rechecks anyway.
            let now = Date().timeIntervalSince1970 + 0.001
            let due = state.due.filter { $0.value <= now }.map(\.key)
            due.forEach { state.due[$0] = nil }
            state.armedFor = nil
            if let next = state.due.values.min() { arm(&state, for: next) }
            return (due, state.handler)
        }
        if let handler { trees.forEach(handler) }
    }

    private func arm(_ state: inout State, for time: Double) {
        state.armedFor = time
        state.generation += 1
        let generation = state.generation
        let seconds = time.rounded(.down)
        let deadline = DispatchWallTime(
            timespec: timespec(tv_sec: Int(seconds), tv_nsec: Int((time - seconds) * 1_000_000_000)))
        queue.asyncAfter(wallDeadline: deadline) { [weak self] in self?.fireDue(generation: generation) }
    }
}
