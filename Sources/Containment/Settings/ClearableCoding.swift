/// A patch's double optionals: an absent key leaves the field alone, `null` clears it.
extension KeyedDecodingContainer {
    func decodeClearable<Value: Decodable>(_: Value.Type = Value.self, forKey key: Key) throws -> Value?? {
        guard contains(key) else { return nil }
        if try decodeNil(forKey: key) { return .some(nil) }
        return .some(try decode(Value.self, forKey: key))
    }
}

extension KeyedEncodingContainer {
    /// Writes `null` for a field cleared, nothing for one left alone.
    mutating func encodeClearable<Value: Encodable>(_ value: Value??, forKey key: Key) throws {
        switch value {
        case .none: break
        case .some(.none): try encodeNil(forKey: key)
        case .some(.some(let value)): try encode(value, forKey: key)
        }
    }
}
