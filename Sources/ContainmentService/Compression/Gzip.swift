import CLibDeflate

/// gzip (RFC 1952) of whole buffers through libdeflate, which compresses a buffer held in
/// memory faster than zlib's streaming API at the same ratio.
enum Gzip {
    /// libdeflate's fastest level: on tree snapshots about as small as zlib's default, in a
    /// fraction of its time, which the first gzip read after each change spends under the
    /// tree's lock.
    static let level: Int32 = 1

    /// libdeflate's strongest level, for bodies compressed once and sent many times.
    static let strongestLevel: Int32 = 12

    /// `bytes` gzip-coded at the fast `level`; nil only when libdeflate cannot allocate its compressor.
    static func compress(_ bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        compress(bytes, level: level)
    }

    /// `bytes` gzip-coded at `level` (1 fastest … 12 strongest).
    static func compress(_ bytes: UnsafeRawBufferPointer, level: Int32) -> [UInt8]? {
        // A compressor is not thread-safe, and one per call is cheap next to the compression.
        guard let compressor = libdeflate_alloc_compressor(level) else { return nil }
        defer { libdeflate_free_compressor(compressor) }
        let bound = libdeflate_gzip_compress_bound(compressor, bytes.count)
        return [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
            // Never 0 (too small) with the bound's room.
            count = libdeflate_gzip_compress(compressor, bytes.baseAddress, bytes.count, buffer.baseAddress, bound)
        }
    }
}
