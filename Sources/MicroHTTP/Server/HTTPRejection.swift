/// Why the server answered a request itself, without the request handlers; see
/// `HTTPServerHandlers.rejected`. Every rejection closes the connection.
public enum HTTPRejection: Sendable, Equatable {
    /// More connections are open than `connectionLimit`: 503.
    case connectionLimit
    /// The request's length is ambiguous (two different `Content-Length`s, or `Content-Length`
    /// with `Transfer-Encoding`): a proxy in front may read it differently, so it is refused
    /// and the connection closed (RFC 9112 §6.3): 400.
    case ambiguousFraming
    /// No `Host` on HTTP/1.1, two of them, or an absolute-form target without a host: 400
    /// (RFC 9112 §3.2).
    case invalidHost
    /// The host the request names is not in `allowedHosts`: 421.
    case hostNotAllowed
    /// The server began shutting down before the request's body was complete: 503.
    case shuttingDown
    /// The request target is longer than `maxTargetLength` or its query has more than
    /// `maxQueryParameters` parameters: 414 (RFC 9110 §15.5.15).
    case targetTooLong

    /// The status the default answer carries.
    public var status: Int {
        switch self {
        case .connectionLimit, .shuttingDown: 503
        case .ambiguousFraming, .invalidHost: 400
        case .hostNotAllowed: 421
        case .targetTooLong: 414
        }
    }
}
