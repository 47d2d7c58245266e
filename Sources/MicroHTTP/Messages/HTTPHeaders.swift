/// Header fields in order; names compare case-insensitively.
public struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    public private(set) var fields: [(name: String, value: String)] = []

    public init() {}

    /// Room for `capacity` fields without growing (request heads: one allocation).
    init(capacity: Int) { fields.reserveCapacity(capacity) }

    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { (name: $0.0, value: $0.1) }
    }

    /// The first value of `name`: HTTP field names are case-insensitive (RFC 9110 §5.1).
    public subscript(name: String) -> String? {
        fields.first { $0.name.isASCIICaseInsensitiveEqual(to: name) }?.value
    }

    public mutating func add(name: String, value: String) { fields.append((name: name, value: value)) }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> { fields.makeIterator() }
}

extension String {
    /// Compares without allocating, which `lowercased()` would do on every lookup.
    func isASCIICaseInsensitiveEqual(to other: String) -> Bool {
        utf8.count == other.utf8.count && utf8.elementsEqual(other.utf8) { $0.asciiLowercased == $1.asciiLowercased }
    }
}

extension UInt8 {
    fileprivate var asciiLowercased: UInt8 { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self) ? self | 0x20 : self }
}
