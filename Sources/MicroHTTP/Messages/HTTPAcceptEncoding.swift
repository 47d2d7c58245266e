/// A request's `Accept-Encoding` preferences (RFC 9110 §12.5.3), for a server that can send a
/// body both as is and content-coded and must send what the client can decode and prefers.
public struct HTTPAcceptEncoding: Sendable {
    /// The listed codings, lowercased (`x-gzip` as `gzip`, RFC 9110 §8.4.1.3), with their
    /// weights in thousandths; `*` among them when listed. Members with a malformed weight are
    /// left out rather than guessed at.
    private var weights: [(coding: String, weight: Int)] = []

    /// The preferences of every `Accept-Encoding` field in `headers` (several fields are one
    /// comma-separated list); nil when there is none. A missing field technically accepts any
    /// coding, but clients that send none (curl without `--compressed`, simple scripts)
    /// rarely decode one, so callers should answer those as is.
    public init?(_ headers: HTTPHeaders) {
        var present = false
        for field in headers where field.name.isASCIICaseInsensitiveEqual(to: "Accept-Encoding") {
            present = true
            for member in field.value.split(separator: ",") {
                if let parsed = Self.parse(member) { weights.append(parsed) }
            }
        }
        guard present else { return nil }
    }

    /// The client's weight for `coding` in thousandths, 0 meaning refused: its own entry, else
    /// `*`'s, else 1000 for `identity` (acceptable unless refused) and 0 for any other coding.
    /// An empty field thus accepts only `identity`.
    public func weight(of coding: String) -> Int {
        listedWeight(of: coding) ?? (Self.canonical(Substring(coding)) == "identity" ? 1000 : 0)
    }

    /// Whether `coding` is accepted and the client weighted it at least as high as `identity`:
    /// the coded body is then the better answer (a tie goes to the smaller body). An `identity`
    /// the client did not weight, itself or through `*`, does not outrank a coding it listed:
    /// `gzip;q=0.5` alone still asks for gzip.
    public func prefers(_ coding: String) -> Bool {
        guard let weight = listedWeight(of: coding), weight > 0 else { return false }
        return weight >= listedWeight(of: "identity") ?? 0
    }

    /// The weight `coding` gets from the field itself: its own entry, else `*`'s.
    private func listedWeight(of coding: String) -> Int? {
        let name = Self.canonical(Substring(coding))
        return (weights.first { $0.coding == name } ?? weights.first { $0.coding == "*" })?.weight
    }

    /// `coding *( OWS ";" OWS parameter )`; only the `q` parameter means anything here.
    private static func parse(_ member: Substring) -> (coding: String, weight: Int)? {
        let parts = member.split(separator: ";", omittingEmptySubsequences: false)
        let coding = canonical(parts[0].trimmingSpacesAndTabs)
        guard !coding.isEmpty else { return nil }
        var weight = 1000
        for parameter in parts.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2, pair[0].trimmingSpacesAndTabs.lowercased() == "q" else { continue }
            guard let parsed = thousandths(pair[1].trimmingSpacesAndTabs) else { return nil }
            weight = parsed
        }
        return (coding, weight)
    }

    /// A `qvalue`: `0[.ddd]` or `1[.000]`, in thousandths.
    private static func thousandths(_ text: Substring) -> Int? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts[0] == "0" || parts[0] == "1" else { return nil }
        let fraction = parts.count == 2 ? parts[1] : ""
        guard fraction.count <= 3, fraction.allSatisfy({ $0 >= "0" && $0 <= "9" }) else { return nil }
        let value = (parts[0] == "1" ? 1000 : 0) + (Int(fraction + String(repeating: "0", count: 3 - fraction.count)) ?? 0)
        return value <= 1000 ? value : nil
    }

    private static func canonical(_ coding: Substring) -> String {
        let name = coding.lowercased()
        return name == "x-gzip" ? "gzip" : name
    }
}

extension Substring {
    /// Without the optional whitespace (spaces and tabs) around a list member or parameter.
    fileprivate var trimmingSpacesAndTabs: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }
}
