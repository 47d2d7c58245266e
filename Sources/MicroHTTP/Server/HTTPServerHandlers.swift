/// The callbacks a server drives. All run on libmicrohttpd's pool threads.
public struct HTTPServerHandlers: Sendable {
    /// Called once the headers are in; a response returned here is sent at once and the
    /// body is never buffered (413 from Content-Length, 415, 405 ...).
    public var head: @Sendable (HTTPRequestHead) -> HTTPResponse?
    /// Called with the complete request.
    public var request: @Sendable (HTTPRequest) -> HTTPReply
    /// Answer for a body that grows past `maxBodySize` (no or a wrong Content-Length);
    /// the rest of the body is not buffered.
    public var bodyTooLarge: @Sendable (HTTPRequestHead) -> HTTPResponse

    public init(
        head: @escaping @Sendable (HTTPRequestHead) -> HTTPResponse? = { _ in nil },
        request: @escaping @Sendable (HTTPRequest) -> HTTPReply,
        bodyTooLarge: @escaping @Sendable (HTTPRequestHead) -> HTTPResponse = { _ in HTTPResponse(status: 413) }
    ) {
        self.head = head
        self.request = request
        self.bodyTooLarge = bodyTooLarge
    }
}

/// Why the server could not start.
public struct HTTPServerError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
