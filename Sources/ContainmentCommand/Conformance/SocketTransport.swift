import ContainmentConformance

/// The conformance runner's transport: the blocking socket client against `--target`, whose
/// path (if any) prefixes every API path.
struct SocketTransport: HTTPTransport {
    var base: HTTPURL
    var client: BlockingHTTPClient

    func send(_ method: String, _ path: String, json body: [UInt8]?) throws(ScenarioTargetError) -> HTTPExchange {
        let prefix = base.path == "/" ? "" : String(base.path.reversed().drop { $0 == "/" }.reversed())
        do {
            let answer = try client.exchange(method, base, path: prefix + path, json: body)
            return HTTPExchange(status: answer.status, body: answer.body)
        } catch {
            throw ScenarioTargetError("\(method) \(path): \(error.reason)", kind: .transport)
        }
    }
}
