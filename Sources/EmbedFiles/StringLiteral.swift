/// A Swift string literal whose value is exactly a file's text, kept readable: a multi-line raw
/// literal (no escapes) with as many `#` as it takes for the text never to end or escape it.
enum StringLiteral {
    static func make(_ text: String, source: String) throws -> String {
        if let scalar = text.unicodeScalars.first(where: isRefused) {
            let code = String(scalar.value, radix: 16, uppercase: true)
            throw EmbedError("\(source) holds U+\(String(repeating: "0", count: 4 - code.count))\(code), which a Swift string literal cannot carry unchanged")
        }
        var hashes = "#"
        while text.contains("\"\"\"\(hashes)") || text.contains("\\\(hashes)") { hashes += "#" }
        // The line breaks after the opening and before the closing delimiter are not part of the value.
        return "\(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes)"
    }

    /// A carriage return would be read as a line feed; other control characters (but tab and line
    /// feed) are not allowed in Swift source.
    private static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || scalar.value == 0x7F
    }
}
