/// A media type or range (RFC 9110 §8.3.1, §12.5.1): `type/subtype`, either lowercased, its
/// parameters dropped. One reading for a `Content-Type` and for each range of `Accept`.
public struct HTTPMediaType: Sendable, Equatable {
    public let type: Substring
    public let subtype: Substring

    /// Nil unless `text` (parameters allowed) is `type/subtype` with neither empty; `*/*` and
    /// `type/*` are ranges, `*/subtype` is nothing.
    public init?(_ text: some StringProtocol) {
        let essence = Substring(text).prefix { $0 != ";" }.trimmedASCIIWhitespace.lowercased()
        let halves = essence.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count == 2, !halves[0].isEmpty, !halves[1].isEmpty, halves[0] != "*" || halves[1] == "*" else { return nil }
        type = halves[0]
        subtype = halves[1]
    }

    /// `type/subtype`, as a server names its offers.
    public var essence: String { "\(type)/\(subtype)" }

    /// 2 for `type/subtype`, 1 for `type/*`, 0 for `*/*`.
    var specificity: Int { type == "*" ? 0 : subtype == "*" ? 1 : 2 }

    /// Whether this range covers `mediaType`.
    func covers(_ mediaType: HTTPMediaType) -> Bool {
        (type == "*" || type == mediaType.type) && (subtype == "*" || subtype == mediaType.subtype)
    }
}
