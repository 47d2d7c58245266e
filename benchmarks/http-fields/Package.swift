// swift-tools-version: 6.2
// MicroHTTP's header fields (its own files, linked in) against apple/swift-http-types on the
// request path's field work; see docs/architecture.md.
//   swift run -c release --package-path benchmarks/http-fields
import PackageDescription

let package = Package(
    name: "http-fields",
    dependencies: [.package(url: "https://github.com/apple/swift-http-types", exact: "1.8.0")],
    targets: [
        .executableTarget(
            name: "http-fields",
            dependencies: [.product(name: "HTTPTypes", package: "swift-http-types")]
        )
    ]
)
