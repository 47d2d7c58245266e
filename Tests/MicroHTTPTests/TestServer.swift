import MicroHTTP
import MicroHTTPTestSupport
import Testing

/// Starts a server on an ephemeral port for the duration of `body`, then shuts it down.
func withServer<Context, Result>(
    configure: (inout HTTPServerConfiguration) -> Void = { _ in },
    handlers: HTTPServerHandlers<Context>,
    _ body: (HTTPServer) throws -> Result
) throws -> Result {
    let server = try startServer(configure: configure, handlers: handlers)
    defer { server.shutdown(grace: 0.5) }
    return try body(server)
}

/// Three rounds of GETs over two keep-alive connections, then a HEAD and a GET on the first:
/// a response served again and again (shared or prepared) must arrive whole each time, and a
/// HEAD answer without its body. `eachAnswer` checks the GET answers further.
func expectServedRepeatedly<Context>(
    _ handlers: HTTPServerHandlers<Context>, body: [UInt8], eachAnswer: (TestHTTPResponse) -> Void = { _ in }
) throws {
    try withServer(handlers: handlers) { server in
        let connections = try (0..<2).map { _ in try TestHTTPConnection(port: server.port) }
        for round in 0..<3 {
            for connection in connections {
                let response = try connection.request("GET", "/repeated/\(round)")
                #expect(response.status == 200)
                #expect(response.header("content-length") == "\(body.count)")
                #expect(response.body == body)
                eachAnswer(response)
            }
        }
        try connections[0].sendRequest("HEAD", "/repeated")
        let head = try connections[0].readResponse(forMethod: "HEAD")
        #expect(head.status == 200)
        #expect(head.header("content-length") == "\(body.count)")
        #expect(head.body.isEmpty)
        // Still in step: the HEAD answer carried no body.
        #expect(try connections[0].request("GET", "/after").body == body)
    }
}

/// A started server on an ephemeral port, for tests that shut it down themselves.
func startServer<Context>(
    configure: (inout HTTPServerConfiguration) -> Void = { _ in },
    handlers: HTTPServerHandlers<Context>
) throws -> HTTPServer {
    var configuration = HTTPServerConfiguration()
    configuration.port = 0
    configure(&configuration)
    let server = HTTPServer(configuration: configuration, handlers: handlers)
    try server.start()
    return server
}

/// Parks requests as deferred responses and records which of them were cancelled.
struct DeferringHandler {
    let cancelled = Collected<Bool>()
    let pending = Collected<HTTPDeferredResponse>()

    func deferReply() -> HTTPReply {
        let deferred = HTTPDeferredResponse()
        deferred.onCancel { [cancelled] in cancelled.append(true) }
        pending.append(deferred)
        return .deferred(deferred)
    }
}

/// Answers with what it received, one `key: value` line each, so tests can check parsing.
let echoHandlers = HTTPServerHandlers { request in
    var lines = ["method: \(request.head.method)", "path: \(request.head.path)"]
    lines += request.head.query.map { "query \($0.name): \($0.value)" }
    lines.append("x-probe: \(request.head.headers["x-PROBE"] ?? "-")")
    lines.append("body: \(String(decoding: request.body, as: UTF8.self))")
    return .response(HTTPResponse(status: 200, headers: ["Content-Type": "text/plain"], body: Array(lines.joined(separator: "\n").utf8)))
}

/// `echoHandlers` that also answer refused requests with the rejection's description, so
/// tests can see why the server refused one.
let rejectingHandlers = {
    var handlers = echoHandlers
    handlers.rejected = { HTTPResponse(status: $0.status, body: Array("\($0)".utf8)) }
    return handlers
}()

extension TestHTTPResponse {
    var lines: [String] { text.split(separator: "\n").map(String.init) }
}
