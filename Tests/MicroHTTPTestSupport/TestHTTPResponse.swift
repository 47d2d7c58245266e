/// A response as the test client read it.
public struct TestHTTPResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(name: String, value: String)], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The first value of `name`, compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

/// Why the test client gave up; tests never hang, they fail with one of these.
public struct TestHTTPClientError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
