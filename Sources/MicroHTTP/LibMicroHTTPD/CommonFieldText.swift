/// Methods, field names and values that nearly every request carries, as `String` literals:
/// a `String` made from libmicrohttpd's bytes is validated and, past 15 bytes, allocated;
/// a literal costs neither. Only exact byte matches are replaced, so nothing changes case.
enum CommonFieldText {
    private static let known: [String] = [
        "GET", "POST", "PUT", "PATCH", "DELETE", "HEAD",
        "Host", "Accept", "User-Agent", "Connection", "Content-Type", "Content-Length",
        "application/json", "*/*", "keep-alive", "close",
    ]

    /// `bytes` as a `String`, the literal when one matches.
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        for text in known where text.utf8.count == bytes.count {
            var text = text
            if text.withUTF8({ $0.elementsEqual(bytes) }) { return text }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A NUL-terminated C string as a `String`, the literal when one matches.
    static func string(cString: UnsafePointer<CChar>) -> String {
        let bytes = UnsafeRawPointer(cString).assumingMemoryBound(to: UInt8.self)
        var count = 0
        while bytes[count] != 0 { count += 1 }
        return string(UnsafeBufferPointer(start: bytes, count: count))
    }
}
