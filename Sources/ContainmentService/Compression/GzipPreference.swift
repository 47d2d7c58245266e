import MicroHTTP

/// What a request's `Accept-Encoding` (RFC 9110 §12.5.3) asks of a body the service can send
/// as is or gzip-coded.
enum GzipPreference: Sendable, Equatable {
    /// No `Accept-Encoding` field, gzip refused (`gzip;q=0`, or not listed and no `*`), or
    /// `identity` weighted higher.
    case identity
    /// gzip accepted and weighted at least as high as `identity`: gzip once the body is large
    /// enough to gain from it.
    case gzip
    /// gzip accepted and `identity` refused (`identity;q=0`, or `*;q=0` without it): gzip
    /// whatever the size.
    case gzipOnly

    /// Bodies below this go as is when the client allows it. Such a body and its ~200-byte
    /// head already fit one TCP segment (1,460 bytes on Ethernet), so compressing saves no
    /// packet nor round trip, only costing the client an inflate and adding gzip's 18 bytes of
    /// framing; the smallest tree snapshots (one or two controllers) stay under it.
    static let minimumBodySize = 1024

    init(_ headers: HTTPHeaders) {
        guard let accepted = HTTPAcceptEncoding(headers), accepted.prefers("gzip") else {
            self = .identity
            return
        }
        self = accepted.weight(of: "identity") == 0 ? .gzipOnly : .gzip
    }

    /// Whether a body of `count` bytes goes gzip-coded.
    func choosesGzip(forBodyOf count: Int) -> Bool {
        switch self {
        case .identity: false
        case .gzip: count >= Self.minimumBodySize
        case .gzipOnly: true
        }
    }
}
