/// One `--filter GLOB`: shell-style `*` and `?` over scenario ids, e.g. `rule13-*`, `*tunnel*`.
public struct ScenarioFilter: Sendable {
    public var pattern: String

    public init(_ pattern: String) { self.pattern = pattern }

    /// The two-pointer wildcard match: on a mismatch after a `*`, that star takes one more
    /// character. Time is at most the product of the lengths, whatever the pattern.
    public func matches(_ id: String) -> Bool {
        let pattern = Array(pattern.unicodeScalars)
        let text = Array(id.unicodeScalars)
        var (p, t) = (0, 0)
        var star: (pattern: Int, text: Int)?
        while t < text.count {
            if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t] {
                p += 1
                t += 1
            } else if p < pattern.count, pattern[p] == "*" {
                star = (p, t)
                p += 1
            } else if let last = star {
                p = last.pattern + 1
                t = last.text + 1
                star = (last.pattern, last.text + 1)
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
