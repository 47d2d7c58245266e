/// A controller or view id as a dictionary key. `String` keys cost a `Hasher` per lookup
/// (seeding, a byte-at-a-time buffer, finalization: most of a lookup); an id is short, so it
/// is hashed here in one pass with SipHash-1-3, the function `Hasher` uses, keyed from the
/// process's random hashing seed and the table's own seed, so ids chosen to collide are as
/// hard to find as with `String` keys. Equality is the id's: lookups find what `String`
/// keys would.
struct NodeKey: Hashable {
    let id: String

    init(_ id: String) {
        self.id = id
    }

    @inline(__always)
    static func == (lhs: NodeKey, rhs: NodeKey) -> Bool {
        lhs.id == rhs.id
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(_rawHashValue(seed: 0))
    }

    /// What `Dictionary` calls instead of `hash(into:)`: SipHash-1-3 of the UTF-8 bytes.
    @inline(__always)
    func _rawHashValue(seed: Int) -> Int {
        var sip = SipHash13(key0: Self.processKey.0, key1: Self.processKey.1 ^ UInt64(bitPattern: Int64(seed)))
        if let hash = id.utf8.withContiguousStorageIfAvailable({ sip.finalize(bytes: $0) }) {
            return Int(truncatingIfNeeded: hash)
        }
        return Int(truncatingIfNeeded: sip.finalize(bytes: Array(id.utf8)))
    }

    /// Derived from the process's hashing seed: random per process, fixed under
    /// `SWIFT_DETERMINISTIC_HASHING` like every `Hasher`.
    private static let processKey: (UInt64, UInt64) = {
        var first = Hasher()
        first.combine(0x6964_6b65_7930)
        var second = Hasher()
        second.combine(0x6964_6b65_7931)
        return (UInt64(bitPattern: Int64(first.finalize())), UInt64(bitPattern: Int64(second.finalize())))
    }()
}

/// Nodes (or container view owners) by id: a dictionary keyed by `NodeKey` that reads and
/// writes by `String` id, so the engine's code keeps speaking ids.
struct IDTable<Value> {
    typealias Index = Dictionary<NodeKey, Value>.Index

    private var storage: [NodeKey: Value]

    init() {
        storage = [:]
    }

    subscript(id: String) -> Value? {
        get { storage[NodeKey(id)] }
        _modify { yield &storage[NodeKey(id)] }
    }

    func index(forKey id: String) -> Index? {
        storage.index(forKey: NodeKey(id))
    }

    /// Values in place by index, as `Dictionary.values` gives them.
    var values: Dictionary<NodeKey, Value>.Values {
        get { storage.values }
        _modify { yield &storage.values }
    }

    var indices: Dictionary<NodeKey, Value>.Indices { storage.indices }
    var count: Int { storage.count }
}

extension IDTable: Sequence {
    struct Iterator: IteratorProtocol {
        var base: Dictionary<NodeKey, Value>.Iterator

        mutating func next() -> (key: String, value: Value)? {
            base.next().map { (key: $0.key.id, value: $0.value) }
        }
    }

    func makeIterator() -> Iterator {
        Iterator(base: storage.makeIterator())
    }
}

extension IDTable: ExpressibleByDictionaryLiteral {
    init(dictionaryLiteral elements: (String, Value)...) {
        storage = Dictionary(uniqueKeysWithValues: elements.map { (NodeKey($0.0), $0.1) })
    }
}
