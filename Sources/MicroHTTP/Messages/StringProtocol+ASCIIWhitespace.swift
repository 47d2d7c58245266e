extension StringProtocol {
    /// Without leading and trailing spaces and tabs (HTTP's optional whitespace, RFC 9110 §5.6.3).
    /// Stepped over as UTF-8 bytes, not `Character`s: every request's `Host` and
    /// `Content-Length` pass through here, and grapheme breaking cost more than the check.
    public func trimmingASCIIWhitespace() -> String {
        String(trimmedASCIIWhitespace)
    }

    /// `trimmingASCIIWhitespace()` as a slice of the same string: nothing is copied.
    public var trimmedASCIIWhitespace: Substring {
        let text = Substring(self)
        return text[text.utf8.rangeWithoutASCIIWhitespace]
    }
}

extension BidirectionalCollection where Element == UInt8 {
    /// The bytes left once HTTP's optional whitespace (spaces, tabs) is cut from either end:
    /// the one trim behind the string forms above and every scan of raw field bytes.
    var rangeWithoutASCIIWhitespace: Range<Index> {
        func isWhitespace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var start = startIndex
        var end = endIndex
        while start < end, isWhitespace(self[start]) { formIndex(after: &start) }
        while start < end, isWhitespace(self[index(before: end)]) { formIndex(before: &end) }
        return start..<end
    }
}
