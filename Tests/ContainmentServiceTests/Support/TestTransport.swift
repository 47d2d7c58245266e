import ContainmentConformance
import MicroHTTPTestSupport

/// The conformance runner's transport in tests: each request through a `TestService`, in
/// process when the service is in `.router` mode.
struct TestTransport: HTTPTransport {
    var service: TestService

    func send(_ method: String, _ path: String, json body: [UInt8]?) throws(ScenarioTargetError) -> HTTPExchange {
        do {
            let reply = try service.request(method, path, json: body.map { String(decoding: $0, as: UTF8.self) })
            return HTTPExchange(status: reply.status, body: reply.body)
        } catch {
            throw ScenarioTargetError("\(method) \(path): \(error)", kind: .transport)
        }
    }
}

/// A transport to a port over a fresh test connection per request, for a target that is no
/// `TestService`.
struct SocketTransport: HTTPTransport {
    var port: Int

    func send(_ method: String, _ path: String, json body: [UInt8]?) throws(ScenarioTargetError) -> HTTPExchange {
        do {
            let connection = try TestHTTPConnection(port: port)
            defer { connection.close() }
            let response = try connection.request(method, path, headers: body == nil ? [] : [("Content-Type", "application/json")], body: body ?? [])
            return HTTPExchange(status: response.status, body: response.body)
        } catch {
            throw ScenarioTargetError("\(method) \(path): \(error)", kind: .transport)
        }
    }
}
