import MicroHTTP

extension Problem {
    /// The problem for a request the HTTP server refuses before routing (see `HTTPRejection`);
    /// the connection is then closed.
    static func rejected(_ reason: HTTPRejection) -> Problem {
        switch reason {
        case .connectionLimit:
            Problem(
                status: 503, code: "connection_limit",
                detail: "Too many connections are open (--max-connections); retry on a new connection later.")
        case .ambiguousFraming:
            Problem(
                status: 400, code: "ambiguous_framing",
                detail: "The request carries two different Content-Length values, or Content-Length with Transfer-Encoding, or an encoding other than chunked.")
        case .invalidHost:
            Problem(
                status: 400, code: "invalid_host",
                detail: "An HTTP/1.1 request needs exactly one Host header, and an absolute-form target a host (RFC 9112 §3.2).")
        case .hostNotAllowed:
            Problem(
                status: 421, code: "host_not_allowed",
                detail: "The request names a host this server does not answer for (--allowed-host).")
        case .shuttingDown:
            .shuttingDown()
        case .targetTooLong:
            Problem(
                status: 414, code: "target_too_long",
                detail: "The request target is too long, or its query has too many parameters (docs/operating.md gives the limits).")
        }
    }
}
