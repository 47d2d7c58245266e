/// Proactive negotiation by `Accept` (RFC 9110 §12.5.1): each offer gets the weight of the most
/// specific media range that covers it (`type/subtype` over `type/*` over `*/*`); the highest
/// non-zero wins, and among equals the first offer, so the caller orders its offers by
/// preference. No `Accept` field, or only empty ones, accepts anything; a range whose weight
/// is not a qvalue is left out (see `HTTPWeightedList`).
public enum HTTPAccept {
    /// The offer to send (one of `offers`, media types in lower case), or nil for 406.
    public static func best(_ offers: [String], in headers: HTTPHeaders) -> String? {
        var ranges: [(range: HTTPMediaType, weight: Int)] = []
        var isStated = false
        for field in headers where field.name.isASCIICaseInsensitiveEqual(to: "Accept") {
            isStated = isStated || !field.value.trimmedASCIIWhitespace.isEmpty
            HTTPWeightedList.forEachMember(of: field.value) { name, weight in
                if let range = HTTPMediaType(String(decoding: name, as: UTF8.self)) { ranges.append((range, weight)) }
            }
        }
        guard isStated else { return offers.first }
        var best: (offer: String, weight: Int)?
        for offer in offers {
            guard let mediaType = HTTPMediaType(offer) else { continue }
            var match: (specificity: Int, weight: Int)?
            for (range, weight) in ranges where range.covers(mediaType) && range.specificity > (match?.specificity ?? -1) {
                match = (range.specificity, weight)
            }
            if let weight = match?.weight, weight > (best?.weight ?? 0) { best = (offer, weight) }
        }
        return best?.offer
    }
}
