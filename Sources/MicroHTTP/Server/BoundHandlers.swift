/// `HTTPServerHandlers` with the request handler bound to its head's context at each head:
/// the server and each request's state stay free of the context type, which they must be
/// because libmicrohttpd calls them through C function pointers, and those cannot refer to a
/// type parameter. Inlinable: made in the module that knows `Context` (see `HTTPServer.init`).
@usableFromInline
struct BoundHandlers: Sendable {
    @usableFromInline let head: @Sendable (HTTPRequestHead) -> HeadOutcome
    @usableFromInline let bodyTooLarge: @Sendable (HTTPRequestHead) -> HTTPResponse
    @usableFromInline let rejected: @Sendable (HTTPRejection) -> HTTPResponse

    @inlinable
    init<Context>(_ handlers: HTTPServerHandlers<Context>) {
        let decide = handlers.head
        let answer = handlers.request
        head = { head in
            switch decide(head) {
            case .respond(let response): .respond(response)
            // One allocation per request that reads a body, holding the context.
            case .readBody(let context): .readBody { request in answer(request, context) }
            }
        }
        bodyTooLarge = handlers.bodyTooLarge
        rejected = handlers.rejected
    }
}

/// A head handler's decision, its context bound into the request handler.
@usableFromInline
enum HeadOutcome {
    case respond(HTTPResponse)
    /// Read the body, then answer the complete request with this.
    case readBody(answer: (consuming HTTPRequest) -> HTTPReply)
}
