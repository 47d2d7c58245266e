import MicroHTTP

/// CORS (the Fetch standard's cross-origin protocol): which other origins' pages may call the
/// service from a browser. Off unless origins are configured, so a service on a developer's
/// machine is not readable by every page its browser opens.
struct CrossOriginPolicy: Sendable {
    /// Origins allowed, as browsers send them (`http://127.0.0.1:3000`), or `*` for any.
    let origins: [String]

    var isEnabled: Bool { !origins.isEmpty }

    /// The request headers the API reads: bodies' type, conditional GETs, stream resumption,
    /// and credentials a proxy in front may ask for.
    static let allowedHeaders = "Content-Type, If-None-Match, Last-Event-ID, Authorization"
    /// Response headers a page may read beyond the CORS-safelisted ones.
    static let exposedHeaders = "Location, ETag, Containment-Generation"
    /// Seconds a browser may reuse a preflight answer.
    static let preflightMaxAge = "600"

    /// Whether a page from `origin` may read responses.
    func allows(_ origin: String) -> Bool {
        origins.contains("*") || origins.contains(origin)
    }

    /// Whether the request comes from no page, this service's own, or an allowed origin's:
    /// browsers send `Origin` with every request but GET and HEAD, even with `no-cors`.
    func trusts(_ head: HTTPRequestHead) -> Bool {
        guard let origin = head.headers["Origin"] else { return true }
        if isEnabled, allows(origin) { return true }
        let parts = origin.split(separator: "://", maxSplits: 1)
        guard parts.count == 2, let host = head.headers["Host"] else { return false }
        return parts[1].lowercased() == host.trimmedASCIIWhitespace.lowercased()
    }

    /// `Access-Control-Allow-Origin` for an allowed `origin`: `*` when any origin is.
    private func allowOrigin(_ origin: String) -> String {
        origins.contains("*") ? "*" : origin
    }

    /// The preflight answer for an `OPTIONS` request from an allowed origin, allowing the
    /// routes' `methods`; nil leaves the request to the router (CORS off, no `Origin`, or an
    /// origin not allowed).
    func preflight(_ head: HTTPRequestHead, methods: String) -> HTTPResponse? {
        guard head.method == "OPTIONS", let origin = head.headers["Origin"], isEnabled, allows(origin) else { return nil }
        return HTTPResponse(
            status: 204,
            headers: [
                "Access-Control-Allow-Origin": allowOrigin(origin),
                "Access-Control-Allow-Methods": methods,
                "Access-Control-Allow-Headers": Self.allowedHeaders,
                "Access-Control-Max-Age": Self.preflightMaxAge,
                "Vary": "Origin",
            ])
    }

    /// What lets the requesting page read a response; with CORS on, every response varies by
    /// `Origin`, so a cache never hands one origin's answer to another.
    func headers(for head: HTTPRequestHead) -> HTTPHeaders {
        guard isEnabled else { return [:] }
        guard let origin = head.headers["Origin"], allows(origin) else { return ["Vary": "Origin"] }
        return [
            "Access-Control-Allow-Origin": allowOrigin(origin),
            "Access-Control-Expose-Headers": Self.exposedHeaders,
            "Vary": "Origin",
        ]
    }

    /// Why `origin` cannot be configured (nil when it can): `*`, or `scheme://host[:port]`
    /// with nothing after, as browsers send `Origin`.
    static func problem(with origin: String) -> String? {
        if origin == "*" { return nil }
        let parts = origin.split(separator: "://", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return "\(origin) is not an origin (scheme://host[:port])" }
        let (scheme, authority) = (parts[0], parts[1])
        guard !scheme.isEmpty, scheme.allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }),
            !authority.isEmpty, !authority.contains("/"), !authority.contains(" ")
        else { return "\(origin) is not an origin (scheme://host[:port], no path)" }
        return nil
    }
}
