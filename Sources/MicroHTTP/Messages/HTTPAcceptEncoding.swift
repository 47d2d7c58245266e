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
    /// `x-gzip` is `gzip` (RFC 9110 §8.4.1.3); a member with a malformed weight is left out
    /// rather than guessed at.
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
            Self.forEachMember(of: field.value) { name, weight in
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

    /// Calls `body` with each well-formed member's coding name and weight (thousandths):
    /// `coding *( OWS ";" OWS parameter )`, members separated by commas with optional
    /// whitespace; only the `q` parameter means anything here.
    private static func forEachMember(of value: String, _ body: (UnsafeBufferPointer<UInt8>, Int) -> Void) {
        var value = value
        value.withUTF8 { bytes in
            var index = 0
            func skip(while predicate: (UInt8) -> Bool) {
                while index < bytes.count, predicate(bytes[index]) { index += 1 }
            }
            while index < bytes.count {
                skip { $0 == .comma || $0.isSpaceOrTab }
                let nameStart = index
                skip { $0 != .comma && $0 != .semicolon && !$0.isSpaceOrTab }
                let name = UnsafeBufferPointer(rebasing: bytes[nameStart..<index])
                var weight: Int? = 1000
                skip { $0.isSpaceOrTab }
                while index < bytes.count, bytes[index] == .semicolon {
                    index += 1
                    let parameterStart = index
                    skip { $0 != .comma && $0 != .semicolon }
                    // A malformed weight leaves the member malformed, whatever follows.
                    if let parsed = qualityParameter(UnsafeBufferPointer(rebasing: bytes[parameterStart..<index])), weight != nil {
                        weight = parsed
                    }
                }
                // Anything else before the next comma leaves the member malformed.
                if index < bytes.count, bytes[index] != .comma { weight = nil }
                skip { $0 != .comma }
                if !name.isEmpty, let weight { body(name, weight) }
            }
        }
    }

    /// A parameter's weight when it is `q=<qvalue>` (`.some(nil)`: a malformed qvalue); nil
    /// when it is another parameter.
    private static func qualityParameter(_ parameter: UnsafeBufferPointer<UInt8>) -> Int?? {
        let text = parameter.trimmingSpacesAndTabs
        guard let equals = text.firstIndex(of: UInt8(ascii: "=")) else { return nil }
        let name = UnsafeBufferPointer(rebasing: text[..<equals]).trimmingSpacesAndTabs
        guard name.count == 1, name.first == UInt8(ascii: "q") || name.first == UInt8(ascii: "Q") else { return nil }
        return .some(thousandths(UnsafeBufferPointer(rebasing: text[(equals + 1)...]).trimmingSpacesAndTabs))
    }

    /// A `qvalue`: `0[.ddd]` or `1[.000]`, in thousandths.
    private static func thousandths(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        guard let first = text.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1") else { return nil }
        var value = first == UInt8(ascii: "1") ? 1000 : 0
        let rest = text.dropFirst()
        guard let dot = rest.first else { return value }
        let digits = rest.dropFirst()
        guard dot == UInt8(ascii: "."), digits.count <= 3, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        var scale = 100
        for digit in digits {
            value += Int(digit - UInt8(ascii: "0")) * scale
            scale /= 10
        }
        return value <= 1000 ? value : nil
    }
}

extension UInt8 {
    fileprivate static let comma = UInt8(ascii: ",")
    fileprivate static let semicolon = UInt8(ascii: ";")
    fileprivate var isSpaceOrTab: Bool { self == UInt8(ascii: " ") || self == UInt8(ascii: "\t") }
}

extension UnsafeBufferPointer<UInt8> {
    /// Without the optional whitespace (spaces and tabs) around a parameter or its value.
    fileprivate var trimmingSpacesAndTabs: Slice<UnsafeBufferPointer<UInt8>> {
        guard let first = firstIndex(where: { !$0.isSpaceOrTab }), let last = lastIndex(where: { !$0.isSpaceOrTab }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }

    fileprivate func isASCIICaseInsensitiveEqual(to text: String) -> Bool {
        guard count == text.utf8.count else { return false }
        return text.utf8.withContiguousStorageIfAvailable { isASCIICaseInsensitiveEqual(to: $0) }
            ?? elementsEqual(text.utf8) { $0.asciiLowercased == $1.asciiLowercased }
    }
}
