extension StringProtocol {
    /// The text without surrounding spaces and tabs (a header's optional whitespace, RFC 9110),
    /// without needing Foundation's character sets.
    var trimmingSpacesAndTabs: SubSequence {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }
}
