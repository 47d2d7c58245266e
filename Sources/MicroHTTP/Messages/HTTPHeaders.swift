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
    /// Fields are compared in place, none retained on the way (as `first(where:)` would).
    public subscript(name: String) -> String? {
        fields.withUnsafeBufferPointer { fields in
            for index in fields.indices where fields[index].name.isASCIICaseInsensitiveEqual(to: name) {
                return fields[index].value
            }
            return nil
        }
    }

    public mutating func add(name: String, value: String) { fields.append((name: name, value: value)) }

    /// Replaces every field named `name` with one of `value`.
    public mutating func set(name: String, value: String) {
        fields.removeAll { $0.name.isASCIICaseInsensitiveEqual(to: name) }
        add(name: name, value: value)
    }

    /// Whether these are `other`'s very fields, unchanged: an array's copies share storage
    /// until one is changed, and `other` keeps its own reference, so changing either copy
    /// gives it storage of its own.
    func isUnchangedCopy(of other: HTTPHeaders) -> Bool {
        fields.withUnsafeBufferPointer { fields in
            other.fields.withUnsafeBufferPointer { $0.baseAddress == fields.baseAddress && $0.count == fields.count }
        }
    }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> { fields.makeIterator() }
}

extension HTTPHeaders {
    /// These fields, with `X-Content-Type-Options: nosniff` unless they set it: every response
    /// carries it, so that no browser runs a body (a problem, an event stream) as another type
    /// than it is labelled.
    static let noSniff = (name: "X-Content-Type-Options", value: "nosniff")

    var lacksNoSniff: Bool { self[Self.noSniff.name] == nil }

    var withNoSniff: [(name: String, value: String)] { lacksNoSniff ? fields + [Self.noSniff] : fields }
}

extension String {
    /// Compares the contiguous bytes in place: no `lowercased()` copy, no `UTF8View` iteration.
    func isASCIICaseInsensitiveEqual(to other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        let compared = utf8.withContiguousStorageIfAvailable { left in
            other.utf8.withContiguousStorageIfAvailable { right in left.isASCIICaseInsensitiveEqual(to: right) }
        }
        // Native strings always have contiguous bytes; others take the slow way.
        return (compared ?? nil) ?? utf8.elementsEqual(other.utf8) { $0.asciiLowercased == $1.asciiLowercased }
    }
}
