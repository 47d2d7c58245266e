extension StringProtocol {
    /// Without leading and trailing spaces and tabs (HTTP's optional whitespace, RFC 9110 §5.6.3).
    /// Stepped over as UTF-8 bytes, not `Character`s: every request's `Host` and
    /// `Content-Length` pass through here, and grapheme breaking cost more than the check.
    func trimmingASCIIWhitespace() -> String {
        func isWhitespace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        let text = Substring(self)
        var start = text.utf8.startIndex
        var end = text.utf8.endIndex
        while start < end, isWhitespace(text.utf8[start]) { text.utf8.formIndex(after: &start) }
        while start < end, isWhitespace(text.utf8[text.utf8.index(before: end)]) { text.utf8.formIndex(before: &end) }
        return String(text[start..<end])
    }
}
