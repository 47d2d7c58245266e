import ContainmentService
import Glibc

/// The memory the process may use, for the memory budget's default: the container's limit
/// when its cgroup sets one, else the machine's.
enum PhysicalMemory {
    /// cgroup v2's limit, then cgroup v1's.
    static let cgroupLimitFiles = ["/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"]

    /// Installed memory in bytes (sysconf); nil when the system does not say.
    static var bytes: Int? {
        let pages = sysconf(Int32(_SC_PHYS_PAGES))
        let pageSize = sysconf(Int32(_SC_PAGESIZE))
        guard pages > 0, pageSize > 0 else { return nil }
        return pages * pageSize
    }

    /// The first of `files` that holds a byte count; nil when none does (`max`, cgroup v2's
    /// "no limit", or no cgroup file). cgroup v1 says "no limit" with a number near 2^63,
    /// which the budget's cap makes harmless.
    static func containerLimit(files: [String] = cgroupLimitFiles) -> Int? {
        for path in files {
            guard let line = AvailableCores.contents(of: path)?.split(whereSeparator: \.isWhitespace).first else { continue }
            if let limit = Int(line), limit > 0 { return limit }
        }
        return nil
    }

    /// A quarter of what the process may use (the container's limit, else installed memory),
    /// at most the service's own default (1 GiB): trees' estimate is a lower bound of what the
    /// process holds (buffers, connections and the allocator's slack come on top), so the
    /// budget leaves the rest, and room above the budget, to those. A container killed at its
    /// limit must get a 507 long before, whatever the host has.
    static func defaultBudget(containerLimit: Int?, installed: Int?) -> Int {
        let available = [containerLimit, installed].compactMap { $0 }.min() ?? 1 << 32
        return min(ServiceConfiguration().memoryBudget, available / 4)
    }

    static var defaultBudget: Int {
        defaultBudget(containerLimit: containerLimit(), installed: bytes)
    }
}
