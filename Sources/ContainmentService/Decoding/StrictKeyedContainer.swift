/// JSONDecoder's keyed container, recording each key the model reads; nested values are
/// decoded through a `StrictDecoder` so their objects are checked too (a `null` reaches the
/// value's own `init(from:)`, as with JSONDecoder: `JSONValue` reads it, a struct refuses it).
struct StrictKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let base: KeyedDecodingContainer<Key>
    let usage: KeyUsage

    var codingPath: [any CodingKey] { base.codingPath }
    var allKeys: [Key] { base.allKeys }

    func contains(_ key: Key) -> Bool { base.contains(key) }

    func decodeNil(forKey key: Key) throws -> Bool {
        usage.read(key, in: codingPath)
        return try base.decodeNil(forKey: key)
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        usage.read(key, in: codingPath)
        if T.self is any StrictDecodingLeaf.Type { return try base.decode(type, forKey: key) }
        guard base.contains(key) else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "No value associated with key \(key.stringValue)."))
        }
        return try T(from: StrictDecoder(base: try base.superDecoder(forKey: key), usage: usage))
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard base.contains(key), !(try decodeNil(forKey: key)) else { return nil }
        return try decode(type, forKey: key)
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try leaf(type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try leaf(type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try leaf(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try leaf(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try leaf(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try leaf(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try leaf(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try leaf(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try leaf(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try leaf(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try leaf(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try leaf(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try leaf(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try leaf(type, key) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try superDecoder(forKey: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try superDecoder(forKey: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        StrictDecoder(base: try base.superDecoder(), usage: usage)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        usage.read(key, in: codingPath)
        return StrictDecoder(base: try base.superDecoder(forKey: key), usage: usage)
    }

    private func leaf<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        usage.read(key, in: codingPath)
        return try base.decode(type, forKey: key)
    }
}
