import ContainmentConformance
import MicroHTTPTestSupport

/// The conformance runner's transport in tests: one fresh test connection per request.
struct TestTransport: HTTPTransport {
    var port: Int

    func send(_ method: String, _ path: String, json body: [UInt8]?) throws(ScenarioTargetError) -> HTTPExchange {
        do {
            let connection = try TestHTTPConnection(port: port)
            defer { connection.close() }
            let headers = body == nil ? [] : [("Content-Type", "application/json")]
            let response = try connection.request(method, path, headers: headers, body: body ?? [])
            return HTTPExchange(status: response.status, body: response.body)
        } catch {
            throw ScenarioTargetError("\(method) \(path): \(error)")
        }
    }
}
