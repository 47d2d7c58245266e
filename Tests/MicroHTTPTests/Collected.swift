import Synchronization

/// Values handed over from the server's pool threads to a test.
final class Collected<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])

    func append(_ value: Value) { values.withLock { $0.append(value) } }

    var all: [Value] { values.withLock { $0 } }

    /// Waits (bounded) until at least `count` values arrived; returns them.
    func wait(for count: Int, seconds: Double = 10) -> [Value] {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while all.count < count && ContinuousClock.now < deadline {
            pauseBriefly()
        }
        return all
    }
}

/// Two milliseconds, between polls of a condition.
func pauseBriefly() {
    var pause = timespec(tv_sec: 0, tv_nsec: 2_000_000)
    nanosleep(&pause, nil)
}

#if canImport(Glibc)
import Glibc
#endif
