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
