// swift-tools-version: 6.2
import PackageDescription

/// A tiny UIKit-like runtime (TinyUIKit) and its test suite, which runs the conformance corpus
/// in process through the kit's adapter protocol: one Swift Testing case per scenario, held to
/// conformance-expectations.json. The kit is the repository's own package, by path.
let package = Package(
    name: "TinyRuntime",
    // Without the `SwiftSource` trait: the kit needs no Swift parser, so swift-syntax is not
    // even checked out.
    dependencies: [.package(name: "containment", path: "../..", traits: [])],
    targets: [
        // The runtime: knows nothing of the kit.
        .target(name: "TinyUIKit"),
        // The adapter (TinyUIKit behind ConformanceRuntime) and the corpus as tests.
        .testTarget(
            name: "TinyUIKitConformanceTests",
            dependencies: [
                "TinyUIKit",
                .product(name: "ContainmentConformanceTesting", package: "containment"),
                .product(name: "ContainmentConformance", package: "containment"),
                .product(name: "Containment", package: "containment"),
            ]),
    ]
)
