import Foundation
import Glibc
import Synchronization
import Testing

extension HostileServerTests {
    /// Issue 44's hostile-declaration fuzzer: a real `containment serve` per seed, driven with
    /// `HostileRequests` while another thread reads the trees and a `HealthWatch` polls it. Invariants
    /// throughout: the process never dies; every request is answered within `HostileBounds.request`;
    /// `/healthz` answers 200 within `HostileBounds.health`; RSS stays within the memory budget plus
    /// `HostileBounds.residentAllowance`; and SIGTERM ends the process cleanly within
    /// `HostileBounds.shutdown`. A run stops at its first breach and prints the seed, the replay
    /// command and the requests sent (all of them in a file).
    ///
    /// `HOSTILE_FUZZ_SCALE=N` runs 3·N seeds of 120·N steps each (default 1: CI's quick mode);
    /// `HOSTILE_FUZZ_SEED=S` runs seed S alone (the same scale gives the same steps). The sequence
    /// depends on the seed only; the concurrent reader's timing does not replay.
    @Suite struct HostileFuzzTests {
        private static let environment = ProcessInfo.processInfo.environment
        private static let scale = max(1, environment["HOSTILE_FUZZ_SCALE"].flatMap { Int($0) } ?? 1)
        private static let steps = 120 * scale
        static let seeds: [UInt64] =
            environment["HOSTILE_FUZZ_SEED"].flatMap { UInt64($0) }.map { [$0] } ?? (0..<UInt64(3 * scale)).map { 0x4854_4C00 + $0 }

        @Test(arguments: seeds) func hostileDeclarationsNeitherKillNorStallTheServer(seed: UInt64) throws {
            let server = try WatchedServer(arguments: HostileBounds.serveArguments)
            defer { server.killIfRunning() }
            _ = try server.waitForPort()
            let watch = HealthWatch(
                server, healthBound: HostileBounds.health, stallBound: HostileBounds.stall, residentLimit: HostileBounds.residentLimit)
            var requests = HostileRequests(seed: seed)
            let reader = TreeReader(server, seed: seed)
            var sent: [HostileRequests.Step] = []
            var breach: String?
            for index in 0..<Self.steps where breach == nil {
                let step = requests.next()
                sent.append(step)
                reader.trees = requests.treeIDs
                if let milliseconds = step.pauseMilliseconds {
                    usleep(UInt32(milliseconds * 1_000))
                } else {
                    do {
                        _ = try server.request(step.method, step.target, json: step.json, within: HostileBounds.request)
                    } catch {
                        // A dying process answers nothing while its backtrace is written: name the death.
                        let died = server.waitForExit(within: HostileBounds.shutdown)
                        breach = "step \(index): \(error)" + (died ? "; the process \(server.exitDescription)" : "")
                    }
                }
                if !server.isRunning { breach = "step \(index): the process \(server.exitDescription)" }
                breach = breach ?? watch.now.breach.map { "by step \(index): \($0)" } ?? reader.breach.map { "by step \(index): \($0)" }
            }
            reader.stop()
            let findings = watch.stop()
            breach = breach ?? findings.breach ?? reader.breach
            var stopped = true
            if breach == nil {
                stopped = server.terminate(within: HostileBounds.shutdown)
                if !stopped {
                    breach = "SIGTERM did not end the process within \(HostileBounds.shutdown) s"
                } else if !server.exitedCleanly {
                    breach = "after SIGTERM the process \(server.exitDescription)"
                }
            }
            guard let breach else {
                print(
                    "hostile fuzz seed \(seed): \(sent.count) steps, largest RSS \(findings.largestResident >> 20) MiB, slowest /healthz \(findings.slowestHealth) s (\(findings.retriedHealth) asked again)"
                )
                return
            }
            let replay = Self.record(sent, seed: seed)
            let last = sent.suffix(30).map { "  " + String($0.description.prefix(600)) }.joined(separator: "\n")
            Issue.record(
                """
                seed \(seed): \(breach)
                largest RSS \(findings.largestResident >> 20) MiB (limit \(HostileBounds.residentLimit >> 20) MiB), slowest /healthz \
                \(String(format: "%.2f", findings.slowestHealth)) s, the process \(server.exitDescription)
                replay: HOSTILE_FUZZ_SEED=\(seed) HOSTILE_FUZZ_SCALE=\(Self.scale) swift test --filter HostileFuzzTests; every request sent: \(replay)
                the last \(min(30, sent.count)) of \(sent.count) requests:
                \(last)
                the server's log ends:
                \(server.logTail)
                """)
        }

        /// Writes the whole sequence to a file beside the other temporary files; returns its path.
        private static func record(_ steps: [HostileRequests.Step], seed: UInt64) -> String {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-fuzz-seed-\(seed).txt").path
            let text = steps.enumerated().map { "\($0.offset): \($0.element)" }.joined(separator: "\n") + "\n"
            return FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) ? path : "(could not write \(path))"
        }
    }
}
