import Glibc

/// How many cores the service may use, the default size of the HTTP thread pool: the CPUs the
/// process may run on, capped by its cgroup's CPU quota — a container started with `--cpus 1`
/// on a 16-core host gets one thread, not sixteen that only contend for one core.
///
/// Read from `/proc` and `/sys` directly rather than through `ProcessInfo`, which would pull
/// Foundation's code pages into the idle service's memory.
enum AvailableCores {
    static func count() -> Int {
        let cpus =
            contents(of: "/proc/self/status").flatMap(allowedCPUs(status:))
            ?? Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        let quota = contents(of: "/sys/fs/cgroup/cpu.max").flatMap(quotaCores(cpuMax:))
        return max(1, min(cpus, quota ?? cpus))
    }

    /// CPUs the process may run on (`taskset`, a container's `--cpuset-cpus`), from the
    /// `Cpus_allowed_list` line of `/proc/self/status`: "0-3,8" is 5 CPUs.
    static func allowedCPUs(status: String) -> Int? {
        let name = "Cpus_allowed_list:"
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }) else { return nil }
        var count = 0
        for range in line.dropFirst(name.count).split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }) {
            let bounds = range.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
            switch (bounds.count, bounds.first ?? nil, bounds.last ?? nil) {
            case (1, .some, _): count += 1
            case (2, let low?, let high?) where low <= high: count += high - low + 1
            default: return nil
            }
        }
        return count > 0 ? count : nil
    }

    /// Cores a cgroup v2 `cpu.max` allows: "max 100000" sets no limit (nil); "150000 100000"
    /// (quota and period in µs) allows 1.5 cores, rounded up so a fractional quota still gets
    /// a thread of its own.
    static func quotaCores(cpuMax: String) -> Int? {
        let fields = cpuMax.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard fields.count == 2, let quota = Int(fields[0]), let period = Int(fields[1]), quota > 0, period > 0 else {
            return nil
        }
        return (quota + period - 1) / period
    }

    /// The first 4 KiB of a small `/proc` or `/sys` file, or nil when it can't be read.
    static func contents(of path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }
}
