import CLibDeflate

/// A gzip body inflated back (libdeflate checks its CRC-32 and length); nil when it is not one
/// complete gzip member.
func gunzip(_ bytes: [UInt8], expectedSize: Int) -> [UInt8]? {
    guard let decompressor = libdeflate_alloc_decompressor() else { return nil }
    defer { libdeflate_free_decompressor(decompressor) }
    var out = [UInt8](repeating: 0, count: expectedSize)
    var written = 0
    let result = bytes.withUnsafeBytes { input in
        out.withUnsafeMutableBytes { output in
            libdeflate_gzip_decompress(decompressor, input.baseAddress, input.count, output.baseAddress, output.count, &written)
        }
    }
    guard result == LIBDEFLATE_SUCCESS else { return nil }
    return Array(out[..<written])
}
