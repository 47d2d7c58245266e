// swift-tools-version: 6.2
// The journal's group commit on PostgreSQL through libpq's C API and through vapor/postgres-nio,
// the two clients the service could use (docs/architecture.md, "PostgreSQL client"). `run`
// builds each from a clean scratch directory (timed), compares their binaries and runs both
// against one PostgreSQL, round by round.
import PackageDescription

let package = Package(
    name: "postgres-clients",
    dependencies: [.package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2")],
    targets: [
        // Linked directly here; the service loads libpq only with --state-url.
        .systemLibrary(name: "CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        .executableTarget(name: "commit-libpq", dependencies: ["CLibPQ"]),
        .executableTarget(name: "commit-nio", dependencies: [.product(name: "PostgresNIO", package: "postgres-nio")]),
    ]
)
