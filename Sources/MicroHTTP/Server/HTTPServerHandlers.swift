/// The callbacks a server drives. All run on libmicrohttpd's pool threads.
///
/// `Context` is what the head handler works out for a request whose body it lets be read (a
/// route match, say) and hands, statically typed, to the request handler of the same request:
/// nothing is worked out twice and nothing is downcast.
public struct HTTPServerHandlers<Context: Sendable>: Sendable {
    /// Called once the headers are in: answers at once (the body is then never buffered) or
    /// lets the body be read, with the context the request handler gets.
    public var head: @Sendable (HTTPRequestHead) -> HTTPHeadDecision<Context>
    /// Called with the complete request, which it owns (it may keep it without a copy), and
    /// the context its head handler decided on.
    public var request: @Sendable (consuming HTTPRequest, Context) -> HTTPReply
    /// Answer for a body that grows past `maxBodySize` (no or a wrong Content-Length);
    /// the rest of the body is not buffered.
    public var bodyTooLarge: @Sendable (HTTPRequestHead) -> HTTPResponse
    /// Answer for a request the server refuses itself (see `HTTPRejection`); the server adds
    /// `Connection: close`. Also called off the pool threads, at shutdown.
    public var rejected: @Sendable (HTTPRejection) -> HTTPResponse

    public init(
        head: @escaping @Sendable (HTTPRequestHead) -> HTTPHeadDecision<Context>,
        request: @escaping @Sendable (consuming HTTPRequest, Context) -> HTTPReply,
        bodyTooLarge: @escaping @Sendable (HTTPRequestHead) -> HTTPResponse = { _ in HTTPResponse(status: 413) },
        rejected: @escaping @Sendable (HTTPRejection) -> HTTPResponse = { HTTPResponse(status: $0.status) }
    ) {
        self.head = head
        self.request = request
        self.bodyTooLarge = bodyTooLarge
        self.rejected = rejected
    }
}

extension HTTPServerHandlers where Context == Void {
    /// Handlers that pass nothing from head to body; without a head handler every body is read.
    public init(
        head: @escaping @Sendable (HTTPRequestHead) -> HTTPHeadDecision<Void> = { _ in .readBody },
        request answer: @escaping @Sendable (consuming HTTPRequest) -> HTTPReply,
        bodyTooLarge: @escaping @Sendable (HTTPRequestHead) -> HTTPResponse = { _ in HTTPResponse(status: 413) },
        rejected: @escaping @Sendable (HTTPRejection) -> HTTPResponse = { HTTPResponse(status: $0.status) }
    ) {
        self.init(head: head, request: { request, _ in answer(request) }, bodyTooLarge: bodyTooLarge, rejected: rejected)
    }
}

/// What the head handler decided.
public enum HTTPHeadDecision<Context: Sendable>: Sendable {
    /// Answer now (405, 415 ...); the body is never buffered and the request handler never
    /// called.
    case respond(HTTPResponse)
    /// Read the body, then call the request handler with `context`.
    case readBody(context: Context)
}

extension HTTPHeadDecision where Context == Void {
    /// Read the body; there is nothing to pass on.
    public static var readBody: Self { .readBody(context: ()) }
}

/// Why the server could not start.
public struct HTTPServerError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
