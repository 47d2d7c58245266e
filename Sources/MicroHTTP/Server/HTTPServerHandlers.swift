/// The callbacks a server drives. All run on libmicrohttpd's pool threads.
public struct HTTPServerHandlers: Sendable {
    /// Called once the headers are in: answers at once (the body is then never buffered) or
    /// lets the body be read.
    public var head: @Sendable (HTTPRequestHead) -> HTTPHeadDecision
    /// Called with the complete request, which it owns (it may keep it without a copy).
    public var request: @Sendable (consuming HTTPRequest) -> HTTPReply
    /// Answer for a body that grows past `maxBodySize` (no or a wrong Content-Length);
    /// the rest of the body is not buffered.
    public var bodyTooLarge: @Sendable (HTTPRequestHead) -> HTTPResponse
    /// Answer for a request the server refuses itself (see `HTTPRejection`); the server adds
    /// `Connection: close`. Also called off the pool threads, at shutdown.
    public var rejected: @Sendable (HTTPRejection) -> HTTPResponse

    public init(
        head: @escaping @Sendable (HTTPRequestHead) -> HTTPHeadDecision = { _ in .readBody() },
        request: @escaping @Sendable (consuming HTTPRequest) -> HTTPReply,
        bodyTooLarge: @escaping @Sendable (HTTPRequestHead) -> HTTPResponse = { _ in HTTPResponse(status: 413) },
        rejected: @escaping @Sendable (HTTPRejection) -> HTTPResponse = { HTTPResponse(status: $0.status) }
    ) {
        self.head = head
        self.request = request
        self.bodyTooLarge = bodyTooLarge
        self.rejected = rejected
    }
}

/// What the head handler decided.
public enum HTTPHeadDecision: Sendable {
    /// Answer now (405, 415 ...); the body is never buffered.
    case respond(HTTPResponse)
    /// Read the body, then call the request handler with `context` as `HTTPRequest.context`:
    /// what the head handler worked out (a route match) is not worked out again. An object,
    /// so that passing it on costs a retain rather than an existential copy.
    case readBody(context: (any AnyObject & Sendable)? = nil)
}

/// Why the server could not start.
public struct HTTPServerError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
