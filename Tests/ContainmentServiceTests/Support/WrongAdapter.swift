import Containment
import ContainmentConformance
import Foundation
import MicroHTTP
import MicroHTTPTestSupport

/// A deliberately wrong runtime adapter: a loopback proxy on an ephemeral port that forwards
/// every request to a correct server and rewrites the answers' events with one known mistake.
/// The conformance runner must flag exactly the scenarios that mistake touches.
final class WrongAdapter: Sendable {
    let server: HTTPServer
    var port: Int { server.port }

    init(forwardingTo upstream: Int, mistake: RuntimeMistake) throws {
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.threads = 2
        server = HTTPServer(
            configuration: configuration,
            handlers: HTTPServerHandlers { request in
                .response(Self.forward(request, to: upstream, mistake: mistake))
            })
        try server.start()
    }

    deinit { server.shutdown(grace: 0.5) }

    private static func forward(_ request: HTTPRequest, to upstream: Int, mistake: RuntimeMistake) -> HTTPResponse {
        let kind = RuntimeMistake.Request(method: request.head.method, path: request.head.path)
        do {
            let connection = try TestTransport.connect(port: upstream, timeout: 60)
            defer { connection.close() }
            let query = request.head.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
            let target = request.head.path + (query.isEmpty ? "" : "?" + query)
            let headers = request.head.headers["Content-Type"].map { [("Content-Type", $0)] } ?? []
            let answer = try connection.request(
                request.head.method, target, headers: headers, body: mistake.rewriteRequest(request.body, for: kind))
            let body = rewriteEvents(answer.body, mistake: mistake, request: kind)
            return HTTPResponse(status: answer.status, headers: ["Content-Type": answer.header("Content-Type") ?? "application/json"], body: body)
        } catch {
            return HTTPResponse(status: 502, headers: ["Content-Type": "text/plain"], body: Array("\(error)".utf8))
        }
    }

    /// The answer with its `events` list rewritten (and reduced to what the suite compares).
    private static func rewriteEvents(_ body: [UInt8], mistake: RuntimeMistake, request: RuntimeMistake.Request) -> [UInt8] {
        guard case .object(var fields)? = try? JSONDecoder().decode(JSONValue.self, from: Data(body)),
            let events = fields["events"],
            let traced = try? JSONDecoder().decode([TraceEvent].self, from: JSONEncoder().encode(events)),
            let rewritten = try? JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(mistake.rewrite(traced, for: request)))
        else { return body }
        fields["events"] = rewritten
        return (try? Array(JSONEncoder().encode(JSONValue.object(fields)))) ?? body
    }
}
