#if canImport(Glibc)
import Glibc
#endif

/// Methods, field names and values that nearly every request carries, as `String` literals:
/// a `String` made from libmicrohttpd's bytes is validated and, past 15 bytes, allocated;
/// a literal costs neither. Only exact byte matches are replaced, so nothing changes case.
enum CommonFieldText {
    /// `bytes` as a `String`, the literal when one matches. Sorted by length, so that most
    /// texts are compared with one or two candidates at most.
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        switch bytes.count {
        case 3:
            if bytes.equals("GET") { return "GET" }
            if bytes.equals("PUT") { return "PUT" }
            if bytes.equals("*/*") { return "*/*" }
        case 4:
            if bytes.equals("POST") { return "POST" }
            if bytes.equals("Host") { return "Host" }
            if bytes.equals("HEAD") { return "HEAD" }
        case 5:
            if bytes.equals("PATCH") { return "PATCH" }
            if bytes.equals("close") { return "close" }
        case 6:
            if bytes.equals("DELETE") { return "DELETE" }
            if bytes.equals("Accept") { return "Accept" }
        case 10:
            if bytes.equals("User-Agent") { return "User-Agent" }
            if bytes.equals("Connection") { return "Connection" }
            if bytes.equals("keep-alive") { return "keep-alive" }
        case 12:
            if bytes.equals("Content-Type") { return "Content-Type" }
        case 8:
            if bytes.equals("identity") { return "identity" }
        case 13:
            if bytes.equals("gzip, deflate") { return "gzip, deflate" }
        case 14:
            if bytes.equals("Content-Length") { return "Content-Length" }
        case 15:
            if bytes.equals("Accept-Encoding") { return "Accept-Encoding" }
        case 16:
            if bytes.equals("application/json") { return "application/json" }
        default:
            break
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A NUL-terminated C string as a `String`, the literal when one matches.
    static func string(cString: UnsafePointer<CChar>) -> String {
        let bytes = UnsafeRawPointer(cString).assumingMemoryBound(to: UInt8.self)
        return string(UnsafeBufferPointer(start: bytes, count: strlen(cString)))
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether these are exactly `text`'s bytes; callers have checked the count.
    fileprivate func equals(_ text: StaticString) -> Bool {
        memcmp(baseAddress!, text.utf8Start, count) == 0
    }
}
