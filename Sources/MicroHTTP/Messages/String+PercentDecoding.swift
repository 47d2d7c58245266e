extension String {
    /// `%XX` escapes decoded; with `onlyUnreserved`, only those of RFC 3986's unreserved
    /// characters (letters, digits, `-._~`), which are the same path whether escaped or not
    /// (section 6.2.2.2), while `%2F` and the like stay escaped. Malformed escapes are kept.
    public func percentDecoded(onlyUnreserved: Bool) -> String {
        // Searched in the contiguous bytes, not through the `UTF8View`: every request's path
        // passes here.
        let escaped = utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: "%")) } ?? utf8.contains(UInt8(ascii: "%"))
        guard escaped else { return self }
        let bytes = Array(utf8)
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = HTTPRequestHead.hexValue(bytes[index + 1]), let low = HTTPRequestHead.hexValue(bytes[index + 2])
            {
                let byte = high << 4 | low
                if !onlyUnreserved || Self.isUnreserved(byte) {
                    decoded.append(byte)
                    index += 3
                    continue
                }
            }
            decoded.append(bytes[index])
            index += 1
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): true
        default: false
        }
    }
}
