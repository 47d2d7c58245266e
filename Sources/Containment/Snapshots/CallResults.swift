/// The return values of a batch's calls, kept only once one returns something.
struct CallResults {
    private var values: [Int: JSONValue] = [:]

    mutating func note(_ value: JSONValue?, at index: Int) {
        if let value { values[index] = value }
    }

    /// One entry per call up to `count`, or nil when no call returned anything.
    func list(count: Int) -> [JSONValue]? {
        guard !values.isEmpty else { return nil }
        return (0..<count).map { values[$0] ?? .null }
    }
}
