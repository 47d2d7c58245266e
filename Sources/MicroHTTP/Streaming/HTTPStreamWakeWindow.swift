import Synchronization

/// Bounds how many parked streams are woken at once, so that requests keep flowing while
/// thousands of streams receive the same write.
///
/// libmicrohttpd 0.9.75 puts every resumed connection on its thread's ready list and works
/// through the whole list before it polls for new requests again. Writing one event to
/// 10,000 parked streams used to resume all of them at once: a request arriving just after
/// waited behind some 5,000 stream writes on each pool thread. Streams that share a window
/// are resumed at most `size` at a time: a stream holds its slot from its resume until
/// libmicrohttpd next reads from it (or the connection ends), and each freed slot wakes the
/// next waiting stream, in the order they asked. A pool thread then never has more than
/// `size` streams' work between two polls. Bytes stay queued in each stream, so order and
/// completeness are untouched; only when a stream is woken is paced.
public final class HTTPStreamWakeWindow: Sendable {
    private let state: Mutex<State>

    /// `size`: streams resumed and not yet read from at any moment (at least 1).
    public init(size: Int) {
        state = Mutex(State(size: max(1, size)))
    }

    /// Streams resumed now and not read from yet (for tests and metrics).
    public var awake: Int { state.withLock { $0.awake } }

    /// Wakes `stream` now if a slot is free, else once one is. The stream has marked itself
    /// as queued; `wakeFromWindow` takes the mark off.
    func enqueue(_ stream: HTTPStream) {
        let wakeNow = state.withLock { state -> Bool in
            guard state.awake < state.size else {
                state.waiting.append(stream)
                return false
            }
            state.awake += 1
            return true
        }
        if wakeNow && !stream.wakeFromWindow() { release() }
    }

    /// A woken stream was read from, or its connection ended: its slot goes to the next
    /// waiting stream that is still parked.
    func release() {
        var next = state.withLock { $0.handOverSlot() }
        while let stream = next {
            if stream.wakeFromWindow() { return }
            next = state.withLock { $0.handOverSlot() }
        }
    }

    private struct State {
        let size: Int
        var awake = 0
        /// First in, first woken: `waiting[head...]`.
        var waiting: [HTTPStream] = []
        var head = 0

        /// Frees one slot and, if a stream waits, gives the slot to it.
        mutating func handOverSlot() -> HTTPStream? {
            guard head < waiting.count else {
                awake -= 1
                waiting = []
                head = 0
                return nil
            }
            let stream = waiting[head]
            head += 1
            if head >= 1024 && head * 2 >= waiting.count {
                waiting.removeFirst(head)
                head = 0
            }
            return stream
        }
    }
}
