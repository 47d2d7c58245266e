// swift-tools-version: 6.2
import PackageDescription

#if os(Linux)
import Foundation
#endif

/// Link options of the `containment` executable that keep its resident memory small (the idle
/// RSS target in BENCHMARKS.md; what each saves: benchmarks/notes.md, "Numbers behind the
/// code's comments"). lld instead of gold, for two things gold lacks:
/// - `-z pack-relative-relocs` (DT_RELR, glibc ≥ 2.36): a compact table of the PIE's relative
///   relocations, which the loader reads at every start;
/// - `--remap-inputs`: the static libstdc++ and libdeflate archives, so that only the few
///   functions used are linked, not the shared libraries loaded (nor installed in the image).
/// And `-O0`: no merging of identical string literals across object files, which scatters the
/// literals read at startup over the embedded corpus's pages; kept in input order, the corpus
/// is mapped only when served.
/// And `--no-export-dynamic` (overriding the Swift static runtime's `-export-dynamic`): nothing
/// loads symbols from the executable, and the loader searches exported names at every start.
/// Unsafe flags only on the executable: the library products stay usable as dependencies.
var executableLinkerFlags: [String] {
    #if os(Linux)
    var flags = [
        "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--no-export-dynamic", "-Xlinker", "-O0",
    ]
    if let archive = staticLibstdcxx {
        flags += ["-Xlinker", "--remap-inputs=*/libstdc++.so=\(archive)"]
    }
    if let archive = staticLibdeflate {
        flags += ["-Xlinker", "--remap-inputs=*/libdeflate.so=\(archive)"]
    }
    return flags
    #else
    return []
    #endif
}

#if os(Linux)
/// `libstdc++.a` of the newest installed GCC that has one (clang links that GCC's runtime);
/// nil leaves the shared library in place.
var staticLibstdcxx: String? {
    let files = FileManager.default
    #if arch(arm64)
    let root = "/usr/lib/gcc/aarch64-linux-gnu"
    #else
    let root = "/usr/lib/gcc/x86_64-linux-gnu"
    #endif
    let versions = (try? files.contentsOfDirectory(atPath: root)) ?? []
    let newest = versions.compactMap(Int.init).sorted().last { files.fileExists(atPath: "\(root)/\($0)/libstdc++.a") }
    return newest.map { "\(root)/\($0)/libstdc++.a" }
}

/// libdeflate-dev's static archive; nil leaves the shared library in place.
var staticLibdeflate: String? {
    #if arch(arm64)
    let archive = "/usr/lib/aarch64-linux-gnu/libdeflate.a"
    #else
    let archive = "/usr/lib/x86_64-linux-gnu/libdeflate.a"
    #endif
    return FileManager.default.fileExists(atPath: archive) ? archive : nil
}
#endif

/// Dependencies of the Swift source translator's (`POST /v1/swift`): only in a build with the
/// `SwiftSource` trait.
let withSwiftSource = TargetDependencyCondition.when(traits: ["SwiftSource"])

/// Linux only (Debian bookworm is what the scripts and the container image use): the HTTP
/// layer calls Glibc and Linux socket ioctls. No other platform is claimed.
let package = Package(
    name: "containment",
    products: [
        .executable(name: "containment", targets: ["ContainmentCommand"]),
        .library(name: "Containment", targets: ["Containment"]),
        .library(name: "MicroHTTP", targets: ["MicroHTTP"]),
        .library(name: "ContainmentService", targets: ["ContainmentService"]),
        .library(name: "ContainmentConformance", targets: ["ContainmentConformance"]),
        .library(name: "ContainmentConformanceTesting", targets: ["ContainmentConformanceTesting"]),
    ],
    traits: [
        // swift-syntax makes a clean release build about three times as long (benchmarks/notes.md,
        // "swift-syntax's build cost"): on by default (`swift build`, `scripts/test`,
        // `scripts/serve`), left out with `--disable-default-traits` where not needed (the
        // container image unless SWIFT_SOURCE=1, the benchmarks, the fuzz and ASan builds), which
        // answer 501 instead.
        .trait(
            name: "SwiftSource",
            description: "POST /v1/swift and `containment explain`: UIKit code parsed with swift-syntax (docs/swift.md)"),
        .default(enabledTraits: ["SwiftSource"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // The Swift project's own parser, for `POST /v1/swift` (the `SwiftSource` trait); only
        // SwiftSyntax and SwiftParser are used, which keeps its build small (benchmarks/notes.md).
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
    ],
    targets: [
        // libmicrohttpd as the system provides it.
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        // libyaml as the system provides it, for YAML request bodies.
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        // libdeflate as the system provides it: whole-buffer gzip of cached tree snapshots, and
        // the CRC-32 of stored records.
        .systemLibrary(
            name: "CLibDeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"])]
        ),
        // SQLite as the system provides it, for the state directory (`--state-dir`).
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        // libpq's header only, for the shared store (`--state-url`): the library itself is
        // loaded at run time, and only then (see `LibPQ`).
        .systemLibrary(name: "CLibPQ", providers: [.apt(["libpq-dev"])]),
        // glibc's `mallopt`, which the Glibc module does not import; part of libc, nothing to link.
        .systemLibrary(name: "CMalloc"),
        // The only code that calls libmicrohttpd.
        .target(name: "CMicroHTTPDShim", dependencies: ["CMicroHTTPD"]),
        // A small general HTTP server over the shim; knows nothing of containment.
        .target(name: "MicroHTTP", dependencies: ["CMicroHTTPDShim"]),
        // The pure, deterministic UIKit containment engine.
        .target(name: "Containment"),
        // Writes files as Swift string constants; Plugins/EmbedFilesPlugin runs it at build time
        // so the binary serves openapi.yaml, the inspector and the corpus without resource bundles.
        .executableTarget(name: "EmbedFiles"),
        .plugin(name: "EmbedFilesPlugin", capability: .buildTool(), dependencies: ["EmbedFiles"]),
        // The conformance suite: scenario format, the corpus (conformance/scenarios, embedded at
        // build time), targets to run it on (the engine, an HTTP adapter, a Swift runtime in
        // process), the event diff and the reports. No I/O: callers bring files and an HTTP transport.
        .target(name: "ContainmentConformance", dependencies: ["Containment"], plugins: ["EmbedFilesPlugin"]),
        // The corpus as a Swift Testing suite of a runtime adapted in process: for test targets
        // only (it imports Testing), as examples/TinyRuntime uses it.
        .target(name: "ContainmentConformanceTesting", dependencies: ["ContainmentConformance"]),
        // The state directory: trees' creations and their journal of accepted mutations in
        // SQLite, committed in groups, each record checksummed (libdeflate's CRC-32); or the
        // same in PostgreSQL, shared by several instances, each tree owned by one at a time.
        // Stores bytes; knows nothing of HTTP.
        .target(name: "ContainmentPersistence", dependencies: ["CSQLite", "CLibPQ", "CLibDeflate"]),
        // Swift source (UIKit code) translated onto the engine, and run: parses with
        // swift-syntax, executes nothing (docs/swift.md). Without the `SwiftSource` trait an empty
        // module: every file is inside `#if SwiftSource`.
        .target(
            name: "ContainmentSwiftSource",
            dependencies: [
                "Containment",
                .product(name: "SwiftSyntax", package: "swift-syntax", condition: withSwiftSource),
                .product(name: "SwiftParser", package: "swift-syntax", condition: withSwiftSource),
            ]
        ),
        // REST routes, JSON bodies, problem details and event streams.
        .target(
            name: "ContainmentService",
            dependencies: [
                "Containment",
                .target(name: "ContainmentSwiftSource", condition: withSwiftSource),
                "ContainmentConformance",
                "ContainmentPersistence",
                "MicroHTTP",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                "CYAML",
                "CLibDeflate",
            ],
            // The inspector's sources, embedded at build time with openapi.yaml.
            exclude: ["Inspector/inspector.html", "Inspector/inspector.css", "Inspector/Scripts"],
            plugins: ["EmbedFilesPlugin"]
        ),
        // The `containment` command: serve, healthcheck.
        .executableTarget(
            name: "ContainmentCommand",
            dependencies: [
                "ContainmentService",
                "ContainmentConformance",
                "ContainmentPersistence",
                .target(name: "ContainmentSwiftSource", condition: withSwiftSource),
                "Containment",
                "CMalloc",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            linkerSettings: [.unsafeFlags(executableLinkerFlags)]
        ),
        .testTarget(
            name: "ContainmentTests",
            dependencies: [
                "Containment",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        // A schema of its own per test in the throwaway PostgreSQL of scripts/test-postgres.
        .target(name: "PostgresTestSupport", dependencies: ["ContainmentPersistence"], path: "Tests/PostgresTestSupport"),
        .testTarget(name: "ContainmentPersistenceTests", dependencies: ["ContainmentPersistence", "CSQLite", "PostgresTestSupport"]),
        .testTarget(
            name: "ContainmentCommandTests", dependencies: ["ContainmentCommand", .target(name: "ContainmentSwiftSource", condition: withSwiftSource)]),
        .testTarget(name: "ContainmentConformanceTests", dependencies: ["ContainmentConformance", "ContainmentConformanceTesting", "Containment"]),
        .testTarget(name: "EmbedFilesTests", dependencies: ["EmbedFiles"]),
        .testTarget(name: "ContainmentSwiftSourceTests", dependencies: [.target(name: "ContainmentSwiftSource", condition: withSwiftSource), "Containment"]),
        // The HTTP test clients: a blocking HTTP/1.1 client over POSIX sockets for a live server,
        // and an in-process one that runs requests through a server's handlers without sockets.
        .target(name: "MicroHTTPTestSupport", dependencies: ["MicroHTTP"], path: "Tests/MicroHTTPTestSupport"),
        .testTarget(name: "MicroHTTPTests", dependencies: ["MicroHTTP", "MicroHTTPTestSupport"]),
        .testTarget(
            name: "ContainmentServiceTests",
            dependencies: [
                "ContainmentService", "Containment", "ContainmentConformance", "ContainmentPersistence", "MicroHTTPTestSupport", "MicroHTTP",
                "CLibDeflate", "PostgresTestSupport",
            ]),
    ]
)
