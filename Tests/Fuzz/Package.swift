// swift-tools-version: 6.2
import PackageDescription

/// The libFuzzer target of the service's request decoders and router, kept out of the main
/// package so that its `swift build` and `swift test` never see it: libFuzzer supplies `main`,
/// so the target only links with `-sanitize=fuzzer` and `-parse-as-library`, which toolset.json
/// passes to the fuzzed code and not to build-time tools. `scripts/reliability` builds and runs it:
///
///     swift build --package-path Tests/Fuzz --scratch-path .build-fuzz --toolset Tests/Fuzz/toolset.json
let package = Package(
    name: "ContainmentFuzz",
    dependencies: [
        // Without the `SwiftSource` trait: no swift-syntax to compile with the sanitizers, and
        // `POST /v1/swift` answers 501 (its parser is fuzzed by HostileSourceTests instead).
        .package(name: "containment", path: "../..", traits: []),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // libFuzzer's driver, declared for Swift.
        .target(name: "CLibFuzzerDriver"),
        .executableTarget(
            name: "ContainmentFuzz",
            dependencies: [
                "CLibFuzzerDriver",
                .product(name: "ContainmentService", package: "containment"),
                .product(name: "Containment", package: "containment"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ]
)
