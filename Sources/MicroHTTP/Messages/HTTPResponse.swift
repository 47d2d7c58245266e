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

extension HTTPResponse {
    /// The `304 Not Modified` standing for this 200 (RFC 9110 §15.4.5): the fields a cache
    /// refreshes its stored copy from, and the body kept but never sent, so that the
    /// `Content-Length` libmicrohttpd writes is the 200's (§8.6) rather than a 0 contradicting it.
    public var notModified: HTTPResponse {
        var response = self
        response.status = 304
        response.headers = HTTPHeaders()
        for field in headers where Self.notModifiedFields.contains(where: { field.name.isASCIICaseInsensitiveEqual(to: $0) }) {
            response.headers.add(name: field.name, value: field.value)
        }
        return response
    }

    private static let notModifiedFields = ["ETag", "Vary", "Cache-Control", "Expires", "Content-Location"]
}
