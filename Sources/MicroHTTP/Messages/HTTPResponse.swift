/// What a response carries: bytes known now (copied into libmicrohttpd, or shared with it),
/// a whole response prepared in libmicrohttpd once, or a live stream.
public enum HTTPBody: Sendable {
    case bytes([UInt8])
    case shared(HTTPSharedBytes)
    case prepared(HTTPPreparedResponse)
    case stream(HTTPStream)
}

/// What goes back to the client. libmicrohttpd sets the framing itself (`Content-Length` for
/// bytes, replacing any given; chunked for streams) and `Date`; a field containing CR or LF is
/// dropped, never sent.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: HTTPBody

    public init(status: Int, headers: HTTPHeaders = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = .bytes(body)
    }

    public init(status: Int, headers: HTTPHeaders = [:], shared: HTTPSharedBytes) {
        self.status = status
        self.headers = headers
        self.body = .shared(shared)
    }

    /// `prepared`'s status, fields and body; sent without building a libmicrohttpd response
    /// unless they are changed.
    public init(prepared: HTTPPreparedResponse) {
        self.status = prepared.status
        self.headers = prepared.headers
        self.body = .prepared(prepared)
    }

    public init(status: Int, headers: HTTPHeaders = [:], stream: HTTPStream) {
        self.status = status
        self.headers = headers
        self.body = .stream(stream)
    }
}

/// A handler's answer: a response now, or one completed later from any thread while the
/// connection waits suspended (no thread held).
public enum HTTPReply: Sendable {
    case response(HTTPResponse)
    case deferred(HTTPDeferredResponse)
}
