import Glibc
import Synchronization

/// A POSIX thread of its own for one loop that blocks (the journal's writer, its completions,
/// the lease keeper, the journal cleaner): Dispatch's pool is not for threads that wait on a
/// database or a condition for good. The loop sleeps on `monitor`, which guards its owner's
/// state too; `stop` asks it to end, wakes it and waits until it has.
final class WorkerThread: @unchecked Sendable {
    /// How the thread competes for the CPU with the request threads.
    enum Scheduling {
        case normal
        /// Linux's `SCHED_BATCH`: when it wakes up it waits for the running thread's turn to
        /// end instead of preempting it, so the journal's wake-ups (one or two a commit) do not
        /// cut into requests halfway (benchmarks/notes.md).
        case batch
    }

    /// `SCHED_BATCH` of <linux/sched.h>, which Glibc's module does not export.
    private static let schedBatch: Int32 = 3

    /// Where the loop sleeps and its owner's state is guarded.
    let monitor = Monitor()
    private let scheduling: Scheduling
    /// Guarded by `monitor`.
    private var running = false
    /// Set under `monitor`; atomic for a loop that never takes it (the lease keeper polls a socket).
    private let stopRequested = Atomic<Bool>(false)

    init(scheduling: Scheduling) {
        self.scheduling = scheduling
    }

    /// Whether the loop has started and not yet ended; read with the monitor held.
    var isRunning: Bool { running }

    /// Whether `stop` was called: the loop ends once it sees it.
    var isStopping: Bool { stopRequested.load(ordering: .acquiring) }

    /// Runs `loop` on a new detached thread, which holds what `loop` captures until it returns;
    /// false if the thread could not start (nothing runs then). Called with the monitor held,
    /// or before the worker is shared. `loop` takes the monitor itself and returns without it.
    func start(_ loop: @escaping () -> Void) -> Bool {
        running = true
        let box = Unmanaged.passRetained(Body(self, loop))
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { argument in
                let body = Unmanaged<Body>.fromOpaque(argument!).takeRetainedValue()
                body.worker.run(body.loop)
                return nil
            }, box.toOpaque())
        guard started == 0 else {
            box.release()
            running = false
            return false
        }
        pthread_detach(thread)
        return true
    }

    /// Asks the loop to end, wakes it, and returns once it has (at once if it never started).
    func stop() {
        monitor.lock()
        stopRequested.store(true, ordering: .releasing)
        monitor.wakeAll()
        while running { monitor.wait() }
        monitor.unlock()
    }

    /// On the new thread: `loop`, under the scheduling asked for, then the end told to `stop`.
    private func run(_ loop: () -> Void) {
        if scheduling == .batch {
            var parameters = sched_param()
            // Refused, the thread runs as any other: only the order of wake-ups changes.
            _ = sched_setscheduler(0, Self.schedBatch, &parameters)
        }
        loop()
        monitor.lock()
        running = false
        monitor.wakeAll()
        monitor.unlock()
    }

    private final class Body {
        let worker: WorkerThread
        let loop: () -> Void

        init(_ worker: WorkerThread, _ loop: @escaping () -> Void) {
            self.worker = worker
            self.loop = loop
        }
    }
}
