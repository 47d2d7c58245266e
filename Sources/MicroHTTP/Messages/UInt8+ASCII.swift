extension UInt8 {
    /// The byte with ASCII `A`–`Z` folded to `a`–`z`, for the case-insensitive parts of HTTP
    /// (field names, content codings) compared without building lowercased strings.
    var asciiLowercased: UInt8 { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self) ? self | 0x20 : self }

    var isASCIILetter: Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self | 0x20) }
}

extension UnsafeBufferPointer<UInt8> {
    /// Equal bytes but for ASCII letter case; `other` must have the same count. Bytes that
    /// differ must be the same letter in the two cases (bit 0x20 apart, `a`–`z` once folded).
    func isASCIICaseInsensitiveEqual(to other: UnsafeBufferPointer<UInt8>) -> Bool {
        for index in indices where self[index] != other[index] {
            let folded = self[index] | 0x20
            guard folded == other[index] | 0x20, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(folded) else { return false }
        }
        return true
    }
}
