/// SipHash-1-3 (Aumasson and Bernstein's SipHash with one compression and three
/// finalization rounds) over one message at once.
struct SipHash13 {
    private var v0: UInt64
    private var v1: UInt64
    private var v2: UInt64
    private var v3: UInt64

    init(key0: UInt64, key1: UInt64) {
        v0 = key0 ^ 0x736f_6d65_7073_6575
        v1 = key1 ^ 0x646f_7261_6e64_6f6d
        v2 = key0 ^ 0x6c79_6765_6e65_7261
        v3 = key1 ^ 0x7465_6462_7974_6573
    }

    @inline(__always)
    private mutating func round() {
        v0 &+= v1
        v1 = v1.rotateLeft(13) ^ v0
        v0 = v0.rotateLeft(32)
        v2 &+= v3
        v3 = v3.rotateLeft(16) ^ v2
        v0 &+= v3
        v3 = v3.rotateLeft(21) ^ v0
        v2 &+= v1
        v1 = v1.rotateLeft(17) ^ v2
        v2 = v2.rotateLeft(32)
    }

    @inline(__always)
    private mutating func compress(_ word: UInt64) {
        v3 ^= word
        round()
        v0 ^= word
    }

    /// Hashes `bytes` as little-endian words, the last holding the remaining bytes and the
    /// length's low byte, as SipHash pads.
    @inline(__always)
    mutating func finalize(bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let raw = UnsafeRawBufferPointer(bytes)
        var offset = 0
        while offset &+ 8 <= raw.count {
            compress(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset &+= 8
        }
        // The last 0–7 bytes in at most three loads, below the length's byte.
        var word = UInt64(truncatingIfNeeded: raw.count) &<< 56
        var shift: UInt64 = 0
        if raw.count &- offset >= 4 {
            word |= UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
            shift = 32
            offset &+= 4
        }
        if raw.count &- offset >= 2 {
            word |= UInt64(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt16.self))) &<< shift
            shift &+= 16
            offset &+= 2
        }
        if offset < raw.count {
            word |= UInt64(raw.load(fromByteOffset: offset, as: UInt8.self)) &<< shift
        }
        compress(word)
        v2 ^= 0xff
        round()
        round()
        round()
        return v0 ^ v1 ^ v2 ^ v3
    }

    mutating func finalize(bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBufferPointer { finalize(bytes: $0) }
    }
}

extension UInt64 {
    fileprivate func rotateLeft(_ count: UInt64) -> UInt64 {
        (self &<< count) | (self &>> (64 &- count))
    }
}
