import CMalloc

/// glibc malloc settings for a long-running service whose large buffers are transient.
///
/// Building a 5,000-controller group answers with megabytes of events; glibc serves such a
/// block with `mmap` and, by default, raises its mmap threshold to the size of every mmapped
/// block freed (up to 32 MB). After a few large requests every later large buffer comes from
/// the heap instead, and the free space it leaves between the trees' long-lived allocations is
/// not returned: 7% more RSS per controller at a million controllers. A fixed threshold keeps
/// large transient buffers mmapped, so freeing them returns them. 1 MiB rather than glibc's
/// initial 128 KiB: a cached snapshot of a 1,000-controller tree (about 730 KB) is copied on
/// every `GET`, and copies that size stay cheap heap blocks rather than fresh zeroed pages.
/// For the same reason the trim threshold is twice that (glibc's own ratio when it adjusts
/// them): with its fixed 128 KiB, freeing such a copy at the top of a thread's arena hands
/// 600 KB back to the kernel, and the next `GET` faults it in again (+65% CPU per request).
enum AllocatorTuning {
    static let mmapThreshold: Int32 = 1 << 20
    static let trimThreshold: Int32 = 2 << 20

    /// Call first in `serve`, before the server's threads allocate. True when glibc took both
    /// (`mallopt` answers 1 on success); false on a C library without `mallopt`.
    @discardableResult
    static func apply() -> Bool {
        #if canImport(Glibc)
        mallopt(M_MMAP_THRESHOLD, mmapThreshold) == 1 && mallopt(M_TRIM_THRESHOLD, trimThreshold) == 1
        #else
        false
        #endif
    }
}
