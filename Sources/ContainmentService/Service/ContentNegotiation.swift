/// Proactive negotiation by `Accept` (RFC 9110, section 12.5.1): each offer gets the
/// q-value of the most specific media range that matches it (`type/subtype` over `type/*`
/// over `*/*`); the highest non-zero wins, and among equals the first offer, so the caller
/// orders its offers by preference. No `Accept` field accepts anything.
enum ContentNegotiation {
    /// The offer to send (one of `offers`, media types in lower case), or nil for 406.
    static func best(_ offers: [String], accept: String?) -> String? {
        guard let accept, !accept.trimmingSpacesAndTabs.isEmpty else { return offers.first }
        let ranges = accept.split(separator: ",").compactMap(MediaRange.init)
        var best: (offer: String, quality: Double)?
        for offer in offers {
            let quality = quality(of: offer, in: ranges)
            if quality > 0, quality > (best?.quality ?? 0) { best = (offer, quality) }
        }
        return best?.offer
    }

    private static func quality(of offer: String, in ranges: [MediaRange]) -> Double {
        var match: MediaRange?
        for range in ranges where range.matches(offer) && range.specificity > (match?.specificity ?? -1) {
            match = range
        }
        return match?.quality ?? 0
    }

    /// One element of `Accept`: `type/subtype` (either may be `*`) and its weight.
    struct MediaRange {
        var type: Substring
        var subtype: Substring
        var quality: Double

        init?(_ element: Substring) {
            let parts = element.split(separator: ";")
            guard let range = parts.first?.trimmingSpacesAndTabs.lowercased() else { return nil }
            let halves = range.split(separator: "/", omittingEmptySubsequences: false)
            guard halves.count == 2, !halves[0].isEmpty, !halves[1].isEmpty, halves[0] != "*" || halves[1] == "*" else {
                return nil
            }
            type = halves[0]
            subtype = halves[1]
            quality = 1
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                guard pair.count == 2, pair[0].trimmingSpacesAndTabs.lowercased() == "q" else { continue }
                // An unreadable weight makes the range unusable rather than preferred.
                quality = Double(pair[1].trimmingSpacesAndTabs).map { min(max($0, 0), 1) } ?? 0
            }
        }

        /// 2 for `type/subtype`, 1 for `type/*`, 0 for `*/*`.
        var specificity: Int { type == "*" ? 0 : subtype == "*" ? 1 : 2 }

        func matches(_ mediaType: String) -> Bool {
            let halves = mediaType.split(separator: "/")
            return (type == "*" || type == halves[0]) && (subtype == "*" || subtype == halves[1])
        }
    }
}
