extension HTTPRequestHead {
    /// Splits a request target (`/path?a=1&b=x%20y`) as it arrived on the wire into the path
    /// and the decoded query items, straight from libmicrohttpd's bytes.
    static func split(target: UnsafeBufferPointer<UInt8>) -> (path: String, query: [(name: String, value: String)]) {
        let queryStart = target.firstIndex(of: UInt8(ascii: "?"))
        let path = String(decoding: UnsafeBufferPointer(rebasing: target[..<(queryStart ?? target.endIndex)]), as: UTF8.self)
        var query: [(name: String, value: String)] = []
        if let queryStart {
            for item in target[(queryStart + 1)...].split(separator: UInt8(ascii: "&")) {
                let equals = item.firstIndex(of: UInt8(ascii: "="))
                let name = formDecoded(item[..<(equals ?? item.endIndex)])
                let value = equals.map { formDecoded(item[($0 + 1)...]) } ?? ""
                query.append((name: name, value: value))
            }
        }
        return (path, query)
    }

    /// Decodes `%XX` and `+` (form encoding, as browsers and curl send queries); a malformed
    /// escape is kept as it is rather than rejected.
    static func formDecoded(_ encoded: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(encoded.count)
        var index = encoded.startIndex
        while index < encoded.endIndex {
            let byte = encoded[index]
            if byte == UInt8(ascii: "%"), index + 2 < encoded.endIndex,
                let high = hexValue(encoded[index + 1]), let low = hexValue(encoded[index + 2])
            {
                decoded.append(high << 4 | low)
                index += 3
                continue
            }
            decoded.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            index += 1
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// The value of one hexadecimal digit of a `%XX` escape, or nil.
    static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
