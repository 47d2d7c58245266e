// swift-tools-version: 6.1
// The Hummingbird 2 hello-world the runner compares against with `benchmarks/run --hummingbird`.
// A package of its own: it takes minutes to build, so CI never builds it. (It sits one folder
// down because a root package in a folder named `hummingbird` would clash with the dependency.)
import PackageDescription

let package = Package(
    name: "hello-hummingbird",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        .executableTarget(
            name: "hello-hummingbird",
            dependencies: [.product(name: "Hummingbird", package: "hummingbird")]
        ),
    ]
)
