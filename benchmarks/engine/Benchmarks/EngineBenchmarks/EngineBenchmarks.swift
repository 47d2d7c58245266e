import Benchmark
import Containment

let benchmarks: @Sendable () -> Void = {
    Benchmark("placeholder") { benchmark in
        for i in benchmark.scaledIterations { blackHole(i) }
    }
}
