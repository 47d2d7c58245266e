import Dispatch
import Foundation
import MicroHTTPTestSupport
import Synchronization

/// Watches a server from a thread of its own while a test attacks it: every 100 ms the process
/// must still run, answer `GET /healthz` 200 within `healthBound` seconds, and hold at most
/// `residentLimit` bytes (VmRSS). A `/healthz` that misses the bound is asked again at once: a
/// stalled server misses both, one that other processes' builds starved for a moment answers
/// the second (the misses are counted). The first breach is kept, with the largest RSS and the
/// slowest `/healthz` seen until the process ends or the watch stops.
final class HealthWatch: Sendable {
    struct Findings {
        var breach: String?
        var largestResident = 0
        var slowestHealth = 0.0
        var samples = 0
        /// `/healthz` answers that missed the bound once and made it when asked again.
        var retriedHealth = 0
    }

    private let findings = Mutex(Findings())
    private let stopping = Atomic<Bool>(false)
    private let group = DispatchGroup()

    init(_ server: WatchedServer, healthBound: Double, residentLimit: Int) {
        onThread(in: group) { self.watch(server, healthBound: healthBound, residentLimit: residentLimit) }
    }

    /// The findings so far, the watch still running.
    var now: Findings { findings.withLock { $0 } }

    /// Stops watching (before a SIGTERM, which turns `/healthz` to 503) and returns the findings.
    func stop() -> Findings {
        stopping.store(true, ordering: .relaxed)
        group.wait()
        return now
    }

    private func watch(_ server: WatchedServer, healthBound: Double, residentLimit: Int) {
        while !stopping.load(ordering: .relaxed) {
            if let breach = check(server, healthBound: healthBound, residentLimit: residentLimit) {
                findings.withLock { $0.breach = $0.breach ?? breach }
                guard server.isRunning else { return }
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }

    private func check(_ server: WatchedServer, healthBound: Double, residentLimit: Int) -> String? {
        guard server.isRunning else { return "the process \(server.exitDescription)" }
        let resident = server.residentBytes ?? 0
        findings.withLock {
            $0.samples += 1
            $0.largestResident = max($0.largestResident, resident)
        }
        if resident > residentLimit { return "RSS \(resident >> 20) MiB passed the limit of \(residentLimit >> 20) MiB" }
        var missed: (any Error)?
        for attempt in 0..<2 {
            do {
                let health = try server.request("GET", "/healthz", within: healthBound)
                findings.withLock {
                    $0.slowestHealth = max($0.slowestHealth, health.seconds)
                    if attempt > 0 { $0.retriedHealth += 1 }
                }
                return health.status == 200 ? nil : "/healthz answered \(health.status): \(health.text)"
            } catch {
                guard server.isRunning else { return "the process \(server.exitDescription)" }
                missed = error
            }
        }
        return "/healthz, asked twice: \(missed.map { "\($0)" } ?? "")"
    }
}
