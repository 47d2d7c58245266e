import Dispatch
@_spi(InProcess) import MicroHTTP

#if canImport(Glibc)
import Glibc
#endif

/// Runs requests through a server's handlers in this process, as `HTTPServer` does once it has
/// read a request (the head handler, the body limit, the request handler, a deferred answer
/// awaited) but without libmicrohttpd or a socket: hummingbird's router test mode beside its
/// live one. What only the server does (its own refusals of `Host`, framing and connection
/// limits, timeouts, streams, shutdown) needs a live server and `TestHTTPConnection`.
public struct InProcessHTTPClient<Context: Sendable>: Sendable {
    private let handlers: HTTPServerHandlers<Context>
    private let maxBodySize: Int
    /// Bounds the wait for a deferred answer.
    private let timeout: Double

    public init(handlers: HTTPServerHandlers<Context>, maxBodySize: Int, timeout: Double = 30) {
        self.handlers = handlers
        self.maxBodySize = maxBodySize
        self.timeout = timeout
    }

    /// Sends a request as `TestHTTPConnection.request` does (with `Host`, and a body's
    /// `Content-Length` unless `headers` sets the framing) and returns what a client would read.
    public func request(
        _ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8] = []
    ) throws(TestHTTPClientError) -> TestHTTPResponse {
        var fields: HTTPHeaders = ["Host": "127.0.0.1"]
        for (name, value) in headers { fields.add(name: name, value: value) }
        let setsFraming = headers.contains { ["content-length", "transfer-encoding"].contains($0.0.lowercased()) }
        if !body.isEmpty && !setsFraming { fields.add(name: "Content-Length", value: "\(body.count)") }
        let head = HTTPRequestHead(method: method, target: target, headers: fields)
        let response = try answer(head, body: body)
        guard let received = response.received else {
            throw TestHTTPClientError("\(method) \(target) answered with a stream: streams need a live server")
        }
        let reply = TestHTTPResponse(
            status: response.status, headers: received.fields.filter { $0.name != "Content-Length" || response.status != 204 },
            // libmicrohttpd sends no body for these, and keeps a HEAD's or 304's Content-Length.
            body: method == "HEAD" || [204, 304].contains(response.status) || response.status < 200 ? [] : received.body)
        ExchangeLog.append(ExchangeLog.Request(method: method, target: target, headers: headers, body: body), reply)
        return reply
    }

    /// The handlers' answer. One given before the body was read closes the connection, as
    /// libmicrohttpd does then.
    private func answer(_ head: HTTPRequestHead, body: [UInt8]) throws(TestHTTPClientError) -> HTTPResponse {
        let reply: HTTPReply
        switch handlers.head(head) {
        case .respond(let response):
            return Self.closing(response)
        case .readBody(let context):
            guard body.count <= maxBodySize else { return Self.closing(handlers.bodyTooLarge(head)) }
            reply = handlers.request(HTTPRequest(head: head, body: body), context)
        }
        switch reply {
        case .response(let response): return response
        case .deferred(let deferred): return try wait(for: deferred, head)
        }
    }

    private static func closing(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        if response.headers["Connection"] == nil { response.headers.add(name: "Connection", value: "close") }
        return response
    }

    private func wait(for deferred: HTTPDeferredResponse, _ head: HTTPRequestHead) throws(TestHTTPClientError) -> HTTPResponse {
        let deadline = DispatchTime.now() + timeout
        while DispatchTime.now() < deadline {
            if let response = deferred.completedResponse { return response }
            usleep(1_000)
        }
        throw TestHTTPClientError("\(head.method) \(head.path): no answer within \(timeout) s")
    }
}
