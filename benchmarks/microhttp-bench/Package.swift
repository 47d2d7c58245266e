// swift-tools-version: 6.2
// MicroHTTP's counterpart of hello-mhd/hello.c, and an idle-stream holder for stream-holder/.
//   swift build -c release --package-path benchmarks/microhttp-bench
import PackageDescription

let package = Package(
    name: "microhttp-bench",
    dependencies: [.package(name: "containment", path: "../..")],
    targets: [
        .executableTarget(
            name: "microhttp-bench",
            dependencies: [.product(name: "MicroHTTP", package: "containment")]
        ),
    ]
)
