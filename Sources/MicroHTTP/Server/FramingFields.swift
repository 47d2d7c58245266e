/// The fields that decide where a request ends and whom it is for, read in one pass over the
/// head without allocating for the usual request (one `Host`, at most one length).
struct FramingFields {
    private(set) var host: String?
    private(set) var hostCount = 0
    /// Two different `Content-Length`s, `Content-Length` with `Transfer-Encoding`, or a
    /// `Transfer-Encoding` other than `chunked` alone: a proxy in front may frame the request
    /// otherwise than libmicrohttpd (which takes the first length, or the encoding).
    private(set) var isAmbiguous = false

    init(_ headers: HTTPHeaders) {
        var length: String?
        var encodings = 0
        for field in headers.fields {
            // By length first: most fields are none of the three and are passed over without
            // a comparison.
            let nameLength = field.name.utf8.count
            if nameLength == 4, field.name.isASCIICaseInsensitiveEqual(to: "Host") {
                host = field.value
                hostCount += 1
            } else if nameLength == 14, field.name.isASCIICaseInsensitiveEqual(to: "Content-Length") {
                // Each comma-separated value, empty ones included, stepped over as bytes rather
                // than `Substring` views; a value of up to 15 bytes stays a small string.
                var value = field.value
                value.withUTF8 { bytes in
                    var start = 0
                    while true {
                        let end = bytes[start...].firstIndex(of: UInt8(ascii: ",")) ?? bytes.count
                        let item = UnsafeBufferPointer(rebasing: bytes[start..<end])
                        let trimmed = String(decoding: UnsafeBufferPointer(rebasing: item[item.rangeWithoutASCIIWhitespace]), as: UTF8.self)
                        if let length, length != trimmed { isAmbiguous = true }
                        length = trimmed
                        guard end < bytes.count else { break }
                        start = end + 1
                    }
                }
            } else if nameLength == 17, field.name.isASCIICaseInsensitiveEqual(to: "Transfer-Encoding") {
                encodings += 1
                if !field.value.trimmingASCIIWhitespace().lowercased().elementsEqual("chunked") { isAmbiguous = true }
            }
        }
        if encodings > 1 || (encodings == 1 && length != nil) { isAmbiguous = true }
    }
}
