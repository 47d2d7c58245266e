import Benchmark
import Containment
import Foundation

// Engine microbenchmarks: the recipes (add, remove, transition) on visible trees of
// 1e2…1e6 controllers and at depths 1…1e5, and snapshot JSON encoding in MB/s. Each sample
// is one operation; mallocs are counted. Trees are built in `setup`, outside the measurement.
// Sizes and depths can be narrowed with `swift package benchmark --filter`.

let sizes = [100, 1_000, 10_000, 100_000, 1_000_000]
let depths = [1, 10, 100, 1_000, 10_000, 100_000]
let snapshotSizes = [100, 1_000, 10_000, 100_000]

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .throughput],
        timeUnits: .microseconds,
        warmupIterations: 5,
        maxDuration: .seconds(2),
        maxIterations: 5_000
    )

    for size in sizes {
        Benchmark("add child, \(size) controllers") { benchmark, tree in
            measure(benchmark) {
                blackHole(try tree.displayContentController("slot", in: "root", now: 1))
                benchmark.stopMeasurement()
                blackHole(try tree.hideContentController("slot", from: "root", now: 1))
            }
        } setup: {
            try Fixture.tree(size: size)
        }

        Benchmark("remove child, \(size) controllers") { benchmark, tree in
            measure(benchmark) {
                blackHole(try tree.displayContentController("slot", in: "root", now: 1))
                benchmark.startMeasurement()
                blackHole(try tree.hideContentController("slot", from: "root", now: 1))
            }
        } setup: {
            try Fixture.tree(size: size)
        }

        Benchmark("transition (duration 0), \(size) controllers") { benchmark, tree in
            measure(benchmark) {
                blackHole(try tree.cycleFromViewController("a", to: "slot", in: "root", duration: 0, now: 1))
                benchmark.stopMeasurement()
                blackHole(try tree.cycleFromViewController("slot", to: "a", in: "root", duration: 0, now: 1))
            }
        } setup: {
            try Fixture.tree(size: size)
        }
    }

    for depth in depths {
        Benchmark("add+remove child at depth \(depth)") { benchmark, chain in
            measure(benchmark) {
                blackHole(try chain.tree.displayContentController("slot", in: chain.deepest, now: 1))
                blackHole(try chain.tree.hideContentController("slot", from: chain.deepest, now: 1))
            }
        } setup: {
            try Fixture.chain(depth: depth)
        }
    }

    let megabytesPerSecond = BenchmarkMetric.custom("MB/s", polarity: .prefersLarger, useScalingFactor: false)
    for size in snapshotSizes {
        Benchmark(
            "snapshot JSON encoding, \(size) controllers",
            configuration: .init(metrics: [.wallClock, .mallocCountTotal, megabytesPerSecond], maxIterations: 500)
        ) { benchmark, tree in
            measure(benchmark) {
                let started = ContinuousClock.now
                let data = try JSONEncoder().encode(tree.snapshot())
                let seconds = (ContinuousClock.now - started) / .seconds(1)
                benchmark.measurement(megabytesPerSecond, Int((Double(data.count) / seconds / 1e6).rounded()))
                blackHole(data)
            }
        } setup: {
            try Fixture.tree(size: size)
        }
    }
}

/// Runs `body`, reporting a thrown error as the benchmark's failure.
func measure(_ benchmark: Benchmark, _ body: () throws -> Void) {
    do {
        try body()
    } catch {
        benchmark.error("\(error)")
    }
}

enum Fixture {
    /// A visible tree of `size` controllers, all views loaded: root with child `a` and
    /// groups of up to 1,000 (a group controller and its children), plus a detached `slot`.
    static func tree(size: Int) throws -> ContainmentTree {
        var groups: [ControllerSpec] = []
        var remaining = size - 3  // root, a and slot
        while remaining > 0 {
            let group = groups.count
            let leaves = min(999, remaining - 1)
            groups.append(
                ControllerSpec(
                    id: "g\(group)", children: (0..<leaves).map { ControllerSpec(id: "g\(group)-\($0)") }))
            remaining -= leaves + 1
        }
        let root = ControllerSpec(id: "root", children: [ControllerSpec(id: "a")] + groups)
        let tree = try ContainmentTree(
            id: "bench", configuration: TreeConfiguration(eventRetention: 1_000, maxControllers: size), root: root, now: 0)
        _ = try tree.createController(ControllerSpec(id: "slot"), now: 0)
        precondition(tree.controllerCount == size, "fixture has \(tree.controllerCount) controllers, not \(size)")
        return tree
    }

    /// A visible chain root → d1 → … `depth` controllers deep, plus a detached `slot`.
    static func chain(depth: Int) throws -> (tree: ContainmentTree, deepest: String) {
        let tree = try ContainmentTree(
            id: "bench", configuration: TreeConfiguration(eventRetention: 1_000, maxControllers: depth + 2),
            root: ControllerSpec(id: "root"), now: 0)
        _ = try tree.createController(ControllerSpec(id: "slot"), now: 0)
        var deepest = "root"
        for level in 1..<depth {
            _ = try tree.createController(ControllerSpec(id: "d\(level)"), now: 0)
            let added = tree.perform(
                [RawCall(receiver: deepest, method: "addChild", args: ["child": .string("d\(level)")])], atomic: true, now: 0)
            if let failure = added.failure { throw failure }
            deepest = "d\(level)"
        }
        return (tree, deepest)
    }
}
