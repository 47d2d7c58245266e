// swift-tools-version: 6.1
// A dependency-free probe of the engine for valgrind: runs the service's /calls add+remove
// batch, or builds a large tree to read RSS. Run: `swift build -c release` here, then see
// ../results.md for the commands.
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, which differs between clones and worktrees.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "containment-engine-probe",
    platforms: [.macOS(.v14)],
    dependencies: [.package(path: "../../..")],
    targets: [
        .executableTarget(
            name: "EngineProbe",
            dependencies: [.product(name: "Containment", package: root)],
            path: "Sources/EngineProbe"
        ),
    ]
)
