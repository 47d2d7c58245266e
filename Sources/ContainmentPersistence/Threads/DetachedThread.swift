import Glibc

/// A POSIX thread of its own for a loop that blocks (the journal's writer, its completions,
/// the lease keeper): Dispatch's pool is not for threads that wait on a database or a
/// condition for good.
enum DetachedThread {
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

    /// Runs `body` on a new detached thread, which holds what `body` captures until it
    /// returns; false if the thread could not start (nothing runs then).
    static func start(scheduling: Scheduling = .normal, _ body: @escaping () -> Void) -> Bool {
        let box = Unmanaged.passRetained(Body(body, scheduling))
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { argument in
                let body = Unmanaged<Body>.fromOpaque(argument!).takeRetainedValue()
                if body.scheduling == .batch {
                    var parameters = sched_param()
                    // Refused, the thread runs as any other: only the order of wake-ups changes.
                    _ = sched_setscheduler(0, DetachedThread.schedBatch, &parameters)
                }
                body.run()
                return nil
            }, box.toOpaque())
        guard started == 0 else {
            box.release()
            return false
        }
        pthread_detach(thread)
        return true
    }

    private final class Body {
        let run: () -> Void
        let scheduling: Scheduling

        init(_ run: @escaping () -> Void, _ scheduling: Scheduling) {
            self.run = run
            self.scheduling = scheduling
        }
    }
}
