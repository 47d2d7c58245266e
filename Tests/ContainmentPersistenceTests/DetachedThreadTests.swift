import Dispatch
import Glibc
import Synchronization
import Testing

@testable import ContainmentPersistence

struct DetachedThreadTests {
    /// A batch thread runs under `SCHED_BATCH` (3: its wake-ups do not preempt request
    /// threads); a normal one under the default policy.
    @Test(arguments: [(DetachedThread.Scheduling.batch, Int32(3)), (.normal, SCHED_OTHER)])
    func aThreadRunsUnderItsSchedulingPolicy(scheduling: DetachedThread.Scheduling, policy: Int32) {
        let seen = Mutex<Int32?>(nil)
        let done = DispatchSemaphore(value: 0)
        let started = DetachedThread.start(scheduling: scheduling) {
            seen.withLock { $0 = sched_getscheduler(0) }
            done.signal()
        }
        #expect(started)
        done.wait()
        #expect(seen.withLock { $0 } == policy)
    }
}
