// swift-tools-version: 6.2
import PackageDescription

/// A client generated from the repository's openapi.yaml, unmodified (the target's
/// openapi.yaml is a link to it), by swift-openapi-generator's build plugin, with the
/// runtime's default configuration and the URLSession transport. Its executable walks
/// through the README's example against a live server: scripts/test-swift-client.
let package = Package(
    name: "containment-swift-example",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", exact: "1.4.0"),
    ],
    targets: [
        .executableTarget(
            name: "ContainmentWalkthrough",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
            ],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        )
    ]
)
