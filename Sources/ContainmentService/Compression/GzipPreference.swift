import MicroHTTP

/// What a request's `Accept-Encoding` (RFC 9110 §12.5.3) asks of a body the service can send
/// as is or gzip-coded.
enum GzipPreference {
    /// No `Accept-Encoding` field, gzip refused (`gzip;q=0`, or not listed and no `*`), or
    /// `identity` weighted higher (`gzip;q=0.5, identity`).
    case identity
    /// gzip accepted and weighted at least as high as `identity`: gzip once the body is large
    /// enough to gain from it.
    case gzip
    /// gzip accepted and `identity` refused (`identity;q=0`, or `*;q=0` without it): gzip
    /// whatever the size.
    case gzipOnly

    /// Bodies below this go as is when the client allows it: with its ~170-byte head, such a
    /// response already fits one TCP segment on the internet (1,448 bytes: Ethernet's MSS less
    /// TCP timestamps), so gzip would save no packet nor round trip, only cost the client an
    /// inflate. An empty tree's snapshot stays under it; a tree with one controller and its view
    /// (about 1,340 bytes) is over.
    static let minimumBodySize = 1280

    init(_ headers: HTTPHeaders) {
        switch HTTPAcceptEncoding(headers)?.preference(for: "gzip") {
        case nil, .identity: self = .identity
        case .coded: self = .gzip
        case .codedOnly: self = .gzipOnly
        }
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
