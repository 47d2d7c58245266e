import Dispatch
import Glibc
import Synchronization
import Testing

@testable import ContainmentPersistence

struct WorkerThreadTests {
    /// A batch thread runs under `SCHED_BATCH` (3: its wake-ups do not preempt request
    /// threads); a normal one under the default policy.
    @Test(arguments: [(WorkerThread.Scheduling.batch, Int32(3)), (.normal, SCHED_OTHER)])
    func aThreadRunsUnderItsSchedulingPolicy(scheduling: WorkerThread.Scheduling, policy: Int32) {
        let seen = Mutex<Int32?>(nil)
        let done = DispatchSemaphore(value: 0)
        let worker = WorkerThread(scheduling: scheduling)
        let started = worker.start {
            seen.withLock { $0 = sched_getscheduler(0) }
            done.signal()
        }
        #expect(started)
        done.wait()
        #expect(seen.withLock { $0 } == policy)
        worker.stop()
    }

    /// `stop` wakes a loop asleep on the monitor and returns once the loop has ended.
    @Test func stopWakesTheLoopAndWaitsForItsEnd() {
        let worker = WorkerThread(scheduling: .normal)
        let ended = Atomic<Bool>(false)
        let started = worker.start {
            worker.monitor.lock()
            while !worker.isStopping { worker.monitor.wait() }
            worker.monitor.unlock()
            ended.store(true, ordering: .releasing)
        }
        #expect(started)
        worker.stop()
        let endedFirst = ended.load(ordering: .acquiring)
        worker.monitor.lock()
        let stillRunning = worker.isRunning
        worker.monitor.unlock()
        #expect(endedFirst)
        #expect(!stillRunning)
    }
}
