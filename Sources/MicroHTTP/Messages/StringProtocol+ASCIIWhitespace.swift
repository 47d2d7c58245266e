extension StringProtocol {
    /// Without leading and trailing spaces and tabs (HTTP's optional whitespace, RFC 9110 §5.6.3).
    func trimmingASCIIWhitespace() -> String {
        var trimmed = Substring(self)
        while trimmed.first == " " || trimmed.first == "\t" { trimmed.removeFirst() }
        while trimmed.last == " " || trimmed.last == "\t" { trimmed.removeLast() }
        return String(trimmed)
    }
}
