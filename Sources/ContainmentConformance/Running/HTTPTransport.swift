/// One blocking HTTP exchange; the command brings a socket client, the tests theirs, so this
/// module does no I/O of its own.
public protocol HTTPTransport {
    /// Sends `method path` with an optional JSON body; returns the status and body, or throws
    /// an error of kind `transport` when no answer came.
    func send(_ method: String, _ path: String, json body: [UInt8]?) throws(ScenarioTargetError) -> HTTPExchange
}

public struct HTTPExchange: Sendable {
    public var status: Int
    public var body: [UInt8]

    public init(status: Int, body: [UInt8]) {
        self.status = status
        self.body = body
    }
}
