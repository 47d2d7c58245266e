import ContainmentService
import Glibc

/// The machine's memory, for the memory budget's default.
enum PhysicalMemory {
    /// Installed memory in bytes (sysconf); nil when the system does not say.
    static var bytes: Int? {
        let pages = sysconf(Int32(_SC_PHYS_PAGES))
        let pageSize = sysconf(Int32(_SC_PAGESIZE))
        guard pages > 0, pageSize > 0 else { return nil }
        return pages * pageSize
    }

    /// A quarter of installed memory, at most the service's own default (1 GiB): trees' estimate is a lower bound of what
    /// the process holds (buffers, connections and the allocator's slack come on top), so the
    /// budget leaves the rest of the machine, and room above the budget, to those.
    static var defaultBudget: Int {
        min(ServiceConfiguration().memoryBudget, (bytes ?? 1 << 32) / 4)
    }
}
