// swift-tools-version: 6.1
// Engine microbenchmarks (ordo-one/benchmark). A package of its own so the main build and CI
// never resolve or build the benchmark tooling. Run: `swift package benchmark` here.
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, which differs between clones and worktrees.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "containment-engine-benchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: "../.."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "EngineBenchmarks",
            dependencies: [
                .product(name: "Containment", package: root),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/EngineBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
