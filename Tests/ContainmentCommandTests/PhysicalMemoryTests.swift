import Foundation
import Testing

@testable import ContainmentCommand

/// The memory budget's default comes from the container's memory limit when its cgroup sets
/// one: a container limited to 512 MiB on a 64 GiB host gets a 128 MiB budget, not 1 GiB.
@Suite struct PhysicalMemoryTests {
    private static let gibibyte = 1 << 30

    /// A cgroup file holding `text`, in a fresh directory removed after `body`.
    private func withCgroupFile(_ text: String, _ body: (String) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cgroup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("memory.max")
        try Data(text.utf8).write(to: file)
        try body(file.path)
    }

    @Test func aContainerLimitSetsTheDefaultBudget() throws {
        try withCgroupFile("536870912\n") { path in
            let limit = PhysicalMemory.containerLimit(files: ["/nonexistent/memory.max", path])
            #expect(limit == 512 << 20)
            #expect(PhysicalMemory.defaultBudget(containerLimit: limit, installed: 64 * Self.gibibyte) == 128 << 20)
        }
    }

    @Test func noContainerLimitFallsBackToInstalledMemory() throws {
        try withCgroupFile("max\n") { path in
            let limit = PhysicalMemory.containerLimit(files: [path])
            #expect(limit == nil)
            #expect(PhysicalMemory.defaultBudget(containerLimit: limit, installed: 2 * Self.gibibyte) == 512 << 20)
        }
        #expect(PhysicalMemory.containerLimit(files: ["/nonexistent/memory.max"]) == nil)
    }

    @Test func theBudgetIsAtMostOneGibibyte() throws {
        // cgroup v1 says "no limit" with a page-rounded 2^63 - 1.
        try withCgroupFile("9223372036854771712\n") { path in
            let limit = PhysicalMemory.containerLimit(files: [path])
            #expect(PhysicalMemory.defaultBudget(containerLimit: limit, installed: 64 * Self.gibibyte) == Self.gibibyte)
        }
        #expect(PhysicalMemory.defaultBudget(containerLimit: 16 * Self.gibibyte, installed: 64 * Self.gibibyte) == Self.gibibyte)
        #expect(PhysicalMemory.defaultBudget(containerLimit: 16 * Self.gibibyte, installed: 2 * Self.gibibyte) == 512 << 20)
    }
}
