import Benchmark
import Containment
import Foundation

// Engine microbenchmarks: the recipes (add, remove, transition) on trees of 1e2…1e6
// controllers and at depths 1…1e4, and snapshot encoding in MB/s. Every benchmark also
// counts mallocs. Trees are built once per benchmark, outside the measurement.

let sizes = [100, 1_000, 10_000, 100_000, 1_000_000]
let depths = [1, 10, 100, 1_000, 10_000]
let snapshotSizes = [100, 1_000, 10_000, 100_000]

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput],
        timeUnits: .microseconds,
        warmupIterations: 3,
        maxDuration: .seconds(2),
        maxIterations: 2_000
    )

    for size in sizes {
        Benchmark("add child, \(size.formatted) controllers") { benchmark, fixture in
            let tree = fixture.tree
            for _ in benchmark.scaledIterations {
                blackHole(try tree.addChild("slot", to: "root", containerView: nil, frame: nil, animated: false, now: 1))
                benchmark.stopMeasurement()
                _ = try tree.removeChild("slot", from: "root", now: 1)
                benchmark.startMeasurement()
            }
        } setup: {
            try Fixture(size: size)
        }

        Benchmark("remove child, \(size.formatted) controllers") { benchmark, fixture in
            let tree = fixture.tree
            for _ in benchmark.scaledIterations {
                benchmark.stopMeasurement()
                _ = try tree.addChild("slot", to: "root", containerView: nil, frame: nil, animated: false, now: 1)
                benchmark.startMeasurement()
                blackHole(try tree.removeChild("slot", from: "root", now: 1))
            }
        } setup: {
            try Fixture(size: size)
        }

        Benchmark("transition (duration 0), \(size.formatted) controllers") { benchmark, fixture in
            let tree = fixture.tree
            for _ in benchmark.scaledIterations {
                blackHole(try tree.transition(in: "root", from: "a", to: "slot", duration: 0, options: [], now: 1))
                blackHole(try tree.transition(in: "root", from: "slot", to: "a", duration: 0, options: [], now: 1))
            }
        } setup: {
            try Fixture(size: size)
        }
    }

    for depth in depths {
        Benchmark("add+remove child at depth \(depth.formatted)") { benchmark, fixture in
            let tree = fixture.tree
            let parent = fixture.deepest
            for _ in benchmark.scaledIterations {
                blackHole(try tree.addChild("slot", to: parent, containerView: nil, frame: nil, animated: false, now: 1))
                blackHole(try tree.removeChild("slot", from: parent, now: 1))
            }
        } setup: {
            try Fixture(depth: depth)
        }
    }

    for size in snapshotSizes {
        let megabytes = BenchmarkMetric.custom("MB/s", polarity: .prefersLarger, useScalingFactor: false)
        Benchmark(
            "snapshot JSON encoding, \(size.formatted) controllers",
            configuration: .init(metrics: [.wallClock, .mallocCountTotal, megabytes], maxIterations: 200)
        ) { benchmark, fixture in
            let encoder = JSONEncoder()
            for _ in benchmark.scaledIterations {
                let started = ContinuousClock.now
                let data = try encoder.encode(fixture.tree.snapshot())
                let seconds = (ContinuousClock.now - started) / .seconds(1)
                benchmark.measurement(megabytes, Int(Double(data.count) / seconds / 1e6))
                blackHole(data)
            }
        } setup: {
            try Fixture(size: size)
        }
    }
}

/// A visible tree built in one call: root with `a` and children grouped 1,000 per group
/// controller (two levels), plus a detached `slot` for add/remove/transition; or a chain
/// `depth` controllers deep under root.
struct Fixture: Sendable {
    let tree: ContainmentTreeBox
    var deepest = "root"

    init(size: Int) throws {
        var groups: [ControllerSpec] = []
        var remaining = size - 3  // root, a and slot
        var index = 0
        while remaining > 0 {
            let leaves = min(999, remaining - 1)
            var group = ControllerSpec(id: "g\(index)")
            group.children = (0..<leaves).map { ControllerSpec(id: "g\(index)-\($0)") }
            groups.append(group)
            remaining -= leaves + 1
            index += 1
        }
        var root = ControllerSpec(id: "root")
        root.children = [ControllerSpec(id: "a")] + groups
        tree = try ContainmentTreeBox(root: root, size: size)
        try tree.createController(ControllerSpec(id: "slot"), now: 0)
    }

    init(depth: Int) throws {
        tree = try ContainmentTreeBox(root: ControllerSpec(id: "root"), size: depth + 2)
        try tree.createController(ControllerSpec(id: "slot"), now: 0)
        for level in 1..<max(depth, 1) {
            let id = "d\(level)"
            try tree.createController(ControllerSpec(id: id), now: 0)
            _ = try tree.addChild(id, to: deepest, containerView: nil, frame: nil, animated: false, now: 0)
            deepest = id
        }
    }
}

extension Int {
    var formatted: String { self.formatted(.number.grouping(.automatic)) }
}
