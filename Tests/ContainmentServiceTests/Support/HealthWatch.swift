import Dispatch
import Foundation
import MicroHTTPTestSupport
import Synchronization

/// Watches a server from a thread of its own while a test attacks it: every 100 ms the process
/// must still run, answer `GET /healthz` 200 within `healthBound` seconds, and hold at most
/// `residentLimit` bytes (VmRSS). A `/healthz` that misses the bound is asked again at once with
/// `stallBound`: a stalled server misses both, one that other processes starved of the two cores
/// answers the second (the misses are counted and printed). The first breach is kept, with the
/// largest RSS and the slowest `/healthz` seen until the process ends or the watch stops.
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

    init(_ server: WatchedServer, healthBound: Double, stallBound: Double, residentLimit: Int) {
        onThread(in: group) { self.watch(server, bounds: [healthBound, stallBound], residentLimit: residentLimit) }
    }

    /// The findings so far, the watch still running.
    var now: Findings { findings.withLock { $0 } }

    /// Stops watching (before a SIGTERM, which turns `/healthz` to 503) and returns the findings.
    func stop() -> Findings {
        stopping.store(true, ordering: .relaxed)
        group.wait()
        return now
    }

    private func watch(_ server: WatchedServer, bounds: [Double], residentLimit: Int) {
        while !stopping.load(ordering: .relaxed) {
            if let breach = check(server, bounds: bounds, residentLimit: residentLimit) {
                findings.withLock { $0.breach = $0.breach ?? breach }
                guard server.isRunning else { return }
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }

    private func check(_ server: WatchedServer, bounds: [Double], residentLimit: Int) -> String? {
        guard server.isRunning else { return "the process \(server.exitDescription)" }
        let resident = server.residentBytes ?? 0
        findings.withLock {
            $0.samples += 1
            $0.largestResident = max($0.largestResident, resident)
        }
        if resident > residentLimit { return "RSS \(resident >> 20) MiB passed the limit of \(residentLimit >> 20) MiB" }
        var missed: (any Error)?
        for (attempt, bound) in bounds.enumerated() {
            do {
                let health = try server.request("GET", "/healthz", within: bound)
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
        return "/healthz, asked again within \(bounds.last ?? 0) s: \(missed.map { "\($0)" } ?? "")"
    }
}
