extension StringProtocol {
    /// Without leading and trailing spaces and tabs (HTTP's optional whitespace, RFC 9110 §5.6.3).
    /// Stepped over as UTF-8 bytes, not `Character`s: every request's `Host` and
    /// `Content-Length` pass through here, and grapheme breaking cost more than the check.
    func trimmingASCIIWhitespace() -> String {
        String(Substring(self).trimmedASCIIWhitespace)
    }
}

extension Substring {
    /// `trimmingASCIIWhitespace()` as a slice of the same string: nothing is copied.
    var trimmedASCIIWhitespace: Substring {
        func isWhitespace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var start = utf8.startIndex
        var end = utf8.endIndex
        while start < end, isWhitespace(utf8[start]) { utf8.formIndex(after: &start) }
        while start < end, isWhitespace(utf8[utf8.index(before: end)]) { utf8.formIndex(before: &end) }
        return self[start..<end]
    }
}
