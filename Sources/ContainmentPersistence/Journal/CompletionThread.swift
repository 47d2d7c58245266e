/// Runs the journal's completions on a thread of their own, in the order the writer hands
/// them over, so that the writer sends the next commit while the answers of the last one go
/// out, rather than the database waiting for them (benchmarks/notes.md).
final class CompletionThread: @unchecked Sendable {
    private let worker = WorkerThread(scheduling: .batch)
    private let monitor: Monitor
    // Guarded by `monitor`.
    private var queue: [() -> Void] = []
    private var busy = false

    init() {
        monitor = worker.monitor
        _ = worker.start { [self] in run() }
    }

    /// Queues `work` behind everything queued before it; false if the thread did not start
    /// or has stopped (the caller runs `work` then).
    func enqueue(_ work: @escaping () -> Void) -> Bool {
        monitor.lock()
        defer { monitor.unlock() }
        guard worker.isRunning, !worker.isStopping else { return false }
        queue.append(work)
        monitor.wakeAll()
        return true
    }

    /// Returns once everything queued so far has run.
    func waitUntilIdle() {
        monitor.lock()
        while worker.isRunning && (busy || !queue.isEmpty) { monitor.wait() }
        monitor.unlock()
    }

    /// Returns once everything queued has run and the thread has stopped.
    func close() { worker.stop() }

    private func run() {
        monitor.lock()
        while true {
            while queue.isEmpty && !worker.isStopping { monitor.wait() }
            if queue.isEmpty {
                monitor.unlock()
                return
            }
            let batch = queue
            queue = []
            busy = true
            monitor.unlock()
            for work in batch { work() }
            monitor.lock()
            busy = false
            monitor.wakeAll()
        }
    }
}
