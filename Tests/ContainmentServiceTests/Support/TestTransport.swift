import ContainmentConformance
import Glibc
import MicroHTTPTestSupport

/// The conformance runner's transport in tests: one fresh test connection per request.
struct TestTransport: HTTPTransport {
    var port: Int
    /// Generous: the whole corpus runs several times in parallel on a shared machine, and a
    /// timed-out request would fail its scenario for the wrong reason.
    var timeout: Double = 60

    func send(_ method: String, _ path: String, json body: [UInt8]?) throws(ScenarioTargetError) -> HTTPExchange {
        do {
            let connection = try Self.connect(port: port, timeout: timeout)
            defer { connection.close() }
            // Scenario runs may target a stand-in server: its answers are not the contract's.
            connection.logsExchanges = false
            let headers = body == nil ? [] : [("Content-Type", "application/json")]
            let response = try connection.request(method, path, headers: headers, body: body ?? [])
            return HTTPExchange(status: response.status, body: response.body)
        } catch {
            throw ScenarioTargetError("\(method) \(path): \(error)", kind: .transport)
        }
    }

    /// Connects, trying again a few times when the socket cannot even be made (file
    /// descriptors run short while other tests of this process hold thousands of
    /// connections). Only the connection is retried: nothing has been sent yet.
    static func connect(port: Int, timeout: Double) throws(TestHTTPClientError) -> TestHTTPConnection {
        var attempt = 0
        while true {
            do {
                return try TestHTTPConnection(port: port, timeout: timeout)
            } catch {
                attempt += 1
                guard attempt < 20, !error.description.contains("refused") else { throw error }
                usleep(100_000)
            }
        }
    }
}
