extension HTTPRequestHead {
    /// The parts of a request target as it arrived on the wire, straight from libmicrohttpd's
    /// bytes: the path, the decoded query items, and for the absolute form
    /// (`http://host:port/path?query`, RFC 9112 §3.2.2) the authority, which stands for `Host`.
    struct Target {
        var path: String
        var query: [(name: String, value: String)]
        var authority: String?
    }

    /// A head with `target` (`/path?query` as sent) read as the server reads it off the wire;
    /// an absolute-form target's authority, which only stands for `Host`, is dropped.
    public init(method: String, target: String, headers: HTTPHeaders) {
        var target = target
        let parts = target.withUTF8 { Self.split(target: $0) }
        self.init(method: method, path: parts.path, query: parts.query, headers: headers)
    }

    static func split(target: UnsafeBufferPointer<UInt8>) -> Target {
        var target = Slice(base: target, bounds: target.indices)
        let authority = takeAuthority(of: &target)
        let queryStart = target.firstIndex(of: UInt8(ascii: "?"))
        let pathBytes = target[..<(queryStart ?? target.endIndex)]
        let path = pathBytes.isEmpty && authority != nil ? "/" : String(decoding: UnsafeBufferPointer(rebasing: pathBytes), as: UTF8.self)
        var query: [(name: String, value: String)] = []
        if let queryStart {
            for item in target[(queryStart + 1)...].split(separator: UInt8(ascii: "&")) {
                let equals = item.firstIndex(of: UInt8(ascii: "="))
                let name = formDecoded(item[..<(equals ?? item.endIndex)])
                let value = equals.map { formDecoded(item[($0 + 1)...]) } ?? ""
                query.append((name: name, value: value))
            }
        }
        return Target(path: path, query: query, authority: authority)
    }

    /// The `&`-separated items after the target's first `?`, empty ones included (as
    /// libmicrohttpd parses them); 0 without a query.
    static func queryParameterCount(of target: UnsafeBufferPointer<UInt8>) -> Int {
        guard let queryStart = target.firstIndex(of: UInt8(ascii: "?")) else { return 0 }
        return target[(queryStart + 1)...].reduce(1) { $1 == UInt8(ascii: "&") ? $0 + 1 : $0 }
    }

    /// Cuts `scheme://authority` off an absolute-form target and returns the authority (empty
    /// when the target names no host); nil for the usual origin form (`/path`), left as it is.
    private static func takeAuthority(of target: inout Slice<UnsafeBufferPointer<UInt8>>) -> String? {
        guard let first = target.first, first != UInt8(ascii: "/"), first != UInt8(ascii: "*"),
            let colon = target.firstIndex(of: UInt8(ascii: ":")), colon > target.startIndex,
            target[target.startIndex..<colon].allSatisfy({ $0.isASCIILetter }),
            target[colon...].starts(with: "://".utf8)
        else { return nil }
        let start = colon + 3
        let end = target[start...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? target.endIndex
        let authority = String(decoding: UnsafeBufferPointer(rebasing: target[start..<end]), as: UTF8.self)
        target = target[end...]
        return authority
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
