import CMicroHTTPDShim

// API CONTRACT (fixed by the lead; bodies are placeholders until the MicroHTTP work lands).
// The shapes below are what ContainmentService codes against. Change them only together with
// the lead.

/// Settings of one server; each limit is a named, tested knob.
public struct HTTPServerConfiguration: Sendable {
    /// Address to bind ("127.0.0.1", "0.0.0.0", "::1").
    public var host: String = "127.0.0.1"
    /// Port to bind; 0 picks a free one (see `HTTPServer.port`).
    public var port: Int = 8080
    /// Threads in libmicrohttpd's pool (internal polling, epoll).
    public var threads: Int = 2
    /// Most simultaneous connections; libmicrohttpd refuses more.
    public var connectionLimit: Int = 16_384
    /// Seconds an idle, non-streaming connection may stay open; 0 disables.
    public var connectionTimeout: Int = 60
    /// Largest request body accepted; larger ones get `HTTPServerHandlers.bodyTooLarge` unbuffered.
    public var maxBodySize: Int = 1 << 20
    /// Bytes a stream may hold unsent before its client is dropped as too slow.
    public var maxStreamBacklog: Int = 1 << 20

    public init() {}
}

/// The parts of a request known once its headers have arrived.
public struct HTTPRequestHead: Sendable {
    public var method: String
    /// Path without the query, exactly as sent (not percent-decoded).
    public var path: String
    /// Query items in order, percent-decoded.
    public var query: [(name: String, value: String)]
    public var headers: HTTPHeaders

    public init(method: String, path: String, query: [(name: String, value: String)], headers: HTTPHeaders) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
    }

    /// The first query value named `name`.
    public func queryValue(_ name: String) -> String? { query.first { $0.name == name }?.value }
}

/// A complete request: head plus the whole body.
public struct HTTPRequest: Sendable {
    public var head: HTTPRequestHead
    public var body: [UInt8]

    public init(head: HTTPRequestHead, body: [UInt8]) {
        self.head = head
        self.body = body
    }
}

/// Header fields in order; names compare case-insensitively.
public struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    public private(set) var fields: [(name: String, value: String)] = []

    public init() {}
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { (name: $0.0, value: $0.1) }
    }

    public subscript(name: String) -> String? {
        let lowered = name.lowercased()
        return fields.first { $0.name.lowercased() == lowered }?.value
    }

    public mutating func add(name: String, value: String) { fields.append((name: name, value: value)) }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> { fields.makeIterator() }
}

/// What a response carries: bytes known now, or a live stream.
public enum HTTPBody: Sendable {
    case bytes([UInt8])
    case stream(HTTPStream)
}

public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: HTTPBody

    public init(status: Int, headers: HTTPHeaders = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = .bytes(body)
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

/// Why a stream ended.
public enum HTTPStreamTermination: Sendable, Equatable {
    /// `finish()` was called and everything written was sent.
    case finished
    /// The client closed the connection or a write to it failed.
    case clientGone
    /// The client read too slowly: more than `maxStreamBacklog` bytes were pending.
    case backlogExceeded
    /// The server is shutting down.
    case serverShutdown
}

/// A response body written from any thread. While nothing is pending the connection is
/// suspended, so an idle stream holds no thread.
public final class HTTPStream: Sendable {
    public init() {}

    /// Queues bytes for the client. Returns false once the stream has ended (nothing queued).
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool { fatalError("MicroHTTP: not implemented yet") }

    /// Ends the response once everything queued has been sent.
    public func finish() { fatalError("MicroHTTP: not implemented yet") }

    /// False once the stream has ended for any reason.
    public var isActive: Bool { fatalError("MicroHTTP: not implemented yet") }

    /// Called once, on any thread, when the stream ends (immediately if it already has).
    public func onTermination(_ handler: @escaping @Sendable (HTTPStreamTermination) -> Void) {
        fatalError("MicroHTTP: not implemented yet")
    }
}

/// A response decided later (e.g. `?wait=true`): the connection stays suspended until
/// `complete` is called, from any thread.
public final class HTTPDeferredResponse: Sendable {
    public init() {}

    /// Sends `response`; later calls are ignored.
    public func complete(_ response: HTTPResponse) { fatalError("MicroHTTP: not implemented yet") }

    /// Called once if the connection ends before `complete` (client gone, server shutdown).
    public func onCancel(_ handler: @escaping @Sendable () -> Void) { fatalError("MicroHTTP: not implemented yet") }
}

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

public struct HTTPServerError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// An HTTP/1.1 server on libmicrohttpd (internal polling with epoll and a thread pool).
public final class HTTPServer: Sendable {
    public init(configuration: HTTPServerConfiguration, handlers: HTTPServerHandlers) {
        fatalError("MicroHTTP: not implemented yet")
    }

    /// Binds and starts serving; throws when the address can't be bound.
    public func start() throws(HTTPServerError) { fatalError("MicroHTTP: not implemented yet") }

    /// The bound port (the chosen one when configured with 0).
    public var port: Int { fatalError("MicroHTTP: not implemented yet") }

    /// Connections open now (streams included).
    public var openConnections: Int { fatalError("MicroHTTP: not implemented yet") }

    /// Stops accepting, lets in-flight requests finish, gives streams up to `grace` seconds
    /// to flush what is queued, ends the rest with `.serverShutdown`, cancels deferred
    /// responses, resumes every suspended connection and stops libmicrohttpd. Blocks until done.
    public func shutdown(grace: Double = 2) { fatalError("MicroHTTP: not implemented yet") }
}
