/// A request's `Accept-Encoding` preferences (RFC 9110 §12.5.3), for a server that can send a
/// body both as is and content-coded and must send what the client can decode and prefers.
///
/// Read on every request of a route that may code its body, so it scans the field's bytes in
/// place when asked rather than splitting it into strings.
public struct HTTPAcceptEncoding: Sendable {
    private let headers: HTTPHeaders

    /// The preferences of every `Accept-Encoding` field in `headers` (several fields are one
    /// comma-separated list); nil when there is none. A missing field technically accepts any
    /// coding, but clients that send none (curl without `--compressed`, simple scripts)
    /// rarely decode one, so callers should answer those as is.
    public init?(_ headers: HTTPHeaders) {
        guard headers.contains(where: { $0.name.isASCIICaseInsensitiveEqual(to: Self.fieldName) }) else { return nil }
        self.headers = headers
    }

    /// How the client ranks a content coding against the body as is.
    public enum Preference: Sendable {
        /// The body as is: the coding is refused, or weighted below `identity`.
        case identity
        /// The coding, weighted at least as high as `identity` (a tie goes to the smaller
        /// body); the body as is remains acceptable.
        case coded
        /// The coding; the client refuses the body as is (`identity;q=0`, or `*;q=0`
        /// without an `identity` entry).
        case codedOnly
    }

    /// The client's weight for `coding` in thousandths, 0 meaning refused: its own entry, else
    /// `*`'s, else 1000 for `identity` (acceptable unless refused) and 0 for any other coding.
    /// An empty field thus accepts only `identity`. Names compare case-insensitively and
    /// `x-gzip` is `gzip` (RFC 9110 §8.4.1.3); a member whose weight is not a qvalue is left
    /// out (see `HTTPWeightedList`).
    public func weight(of coding: String) -> Int {
        listedWeights(of: coding).coding ?? (coding.isASCIICaseInsensitiveEqual(to: "identity") ? 1000 : 0)
    }

    /// Whether to send `coding` or the body as is, from one reading of the field. An
    /// `identity` the client did not weight, itself or through `*`, does not outrank a coding
    /// it listed: `gzip;q=0.5` alone still asks for gzip.
    public func preference(for coding: String) -> Preference {
        let weights = listedWeights(of: coding)
        guard let coded = weights.coding, coded > 0, coded >= weights.identity ?? 0 else { return .identity }
        return weights.identity == 0 ? .codedOnly : .coded
    }

    private static let fieldName = "Accept-Encoding"

    /// The weights the field itself gives `coding` and `identity`: each one's first own entry,
    /// else `*`'s; nil when neither is listed.
    private func listedWeights(of coding: String) -> (coding: Int?, identity: Int?) {
        var own: Int?
        var identity: Int?
        var any: Int?
        let isGzip = coding.isASCIICaseInsensitiveEqual(to: "gzip")
        for field in headers where field.name.isASCIICaseInsensitiveEqual(to: Self.fieldName) {
            HTTPWeightedList.forEachMember(of: field.value) { name, weight in
                if own == nil, name.isASCIICaseInsensitiveEqual(to: coding) || (isGzip && name.isASCIICaseInsensitiveEqual(to: "x-gzip")) {
                    own = weight
                } else if identity == nil, name.isASCIICaseInsensitiveEqual(to: "identity") {
                    identity = weight
                } else if any == nil, name.count == 1, name.first == UInt8(ascii: "*") {
                    any = weight
                }
            }
        }
        return (own ?? any, identity ?? any)
    }
}

extension UnsafeBufferPointer<UInt8> {
    fileprivate func isASCIICaseInsensitiveEqual(to text: String) -> Bool {
        guard count == text.utf8.count else { return false }
        return text.utf8.withContiguousStorageIfAvailable { isASCIICaseInsensitiveEqual(to: $0) }
            ?? elementsEqual(text.utf8) { $0.asciiLowercased == $1.asciiLowercased }
    }
}
