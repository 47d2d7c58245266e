import Dispatch
import Foundation
import MicroHTTPTestSupport
import Synchronization

/// Reads the trees a hostile run has created from a thread of its own, every 50 ms, while the run
/// goes on: reads must get in whatever a tree's overrides and clock are doing. The first read
/// not answered within `HostileBounds.request` is the breach.
final class TreeReader: Sendable {
    private let state = Mutex(State())
    private let stopping = Atomic<Bool>(false)
    private let group = DispatchGroup()

    private struct State {
        var trees: [String] = []
        var breach: String?
    }

    init(_ server: WatchedServer, seed: UInt64) {
        onThread(in: group) { self.read(server, random: SplitMix64(seed: ~seed)) }
    }

    /// The trees to read from now on.
    var trees: [String] {
        get { state.withLock { $0.trees } }
        set { state.withLock { $0.trees = newValue } }
    }

    var breach: String? { state.withLock { $0.breach } }

    func stop() {
        stopping.store(true, ordering: .relaxed)
        group.wait()
    }

    private func read(_ server: WatchedServer, random: SplitMix64) {
        var random = random
        while !stopping.load(ordering: .relaxed) {
            Thread.sleep(forTimeInterval: 0.05)
            let trees = self.trees
            guard !trees.isEmpty, server.isRunning else { continue }
            let tree = random.oneOf(trees)
            let target = random.oneOf(["/v1/trees/\(tree)", "/v1/trees/\(tree)/events?after=0&limit=100", "/v1/trees"])
            do {
                _ = try server.request("GET", target, within: HostileBounds.request)
            } catch {
                guard server.isRunning else { return }
                state.withLock { $0.breach = $0.breach ?? "concurrent read: \(error)" }
                return
            }
        }
    }
}
