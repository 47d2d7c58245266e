import CMalloc

/// glibc malloc settings for a long-running service whose large buffers are transient: a fixed
/// mmap threshold, so that freeing a large answer returns it to the kernel (glibc's sliding one
/// moves such buffers into the heap for good), set above a cached snapshot's copy, which stays
/// a heap block; and a trim threshold twice that (glibc's own ratio), so that freeing the copy
/// does not hand pages back for the next `GET` to fault in. Measurements: benchmarks/notes.md,
/// "Numbers behind the code's comments".
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
