import FoundationEssentials

/// Decodes request bodies so that a field no model reads is refused instead of ignored: a
/// typo (`containerVeiw`, `clok`) would otherwise leave a default in place and answer 200.
/// JSONDecoder does the decoding; this wraps each `Decoder` it hands a model and records, per
/// object, the keys present and the keys the model's `init(from:)` asked for. Whatever a
/// model asks for counts, so new fields in the models are known here without any list.
struct StrictDecoder: Decoder {
    let base: any Decoder
    let usage: KeyUsage

    var codingPath: [any CodingKey] { base.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let container = try base.container(keyedBy: type)
        // Asked again with keys that accept any name: the model's own keys drop unknown ones.
        let present = (try? base.container(keyedBy: AnyCodingKey.self).allKeys.map(\.stringValue)) ?? []
        usage.opened(codingPath, keys: present)
        return KeyedDecodingContainer(StrictKeyedContainer(base: container, usage: usage))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        StrictUnkeyedContainer(base: try base.unkeyedContainer(), usage: usage)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        StrictSingleValueContainer(base: try base.singleValueContainer(), decoder: self)
    }

    /// `Value` decoded from `data`; an object key no model read is thrown as `unknown_field`.
    static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        let usage = KeyUsage()
        let decoder = JSONDecoder()
        decoder.userInfo[KeyUsage.userInfoKey] = usage
        let value = try decoder.decode(Root<Value>.self, from: data).value
        if let field = usage.firstUnknownField {
            throw Problem.badRequest("Unknown field `\(field)`.", field: field, code: "unknown_field")
        }
        return value
    }

    /// The entry point JSONDecoder calls; it hands the model the wrapped decoder.
    private struct Root<Value: Decodable>: Decodable {
        let value: Value

        init(from decoder: any Decoder) throws {
            guard let usage = decoder.userInfo[KeyUsage.userInfoKey] as? KeyUsage else {
                value = try Value(from: decoder)
                return
            }
            value = try Value(from: StrictDecoder(base: decoder, usage: usage))
        }
    }
}

/// A key of any name, to list every key an object has.
struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// Values JSONDecoder reads itself (numbers, strings, booleans): decoded by the wrapped
/// container directly, since they hold no keys.
protocol StrictDecodingLeaf {}
extension String: StrictDecodingLeaf {}
extension Bool: StrictDecodingLeaf {}
extension Double: StrictDecodingLeaf {}
extension Float: StrictDecodingLeaf {}
extension Int: StrictDecodingLeaf {}
extension Int8: StrictDecodingLeaf {}
extension Int16: StrictDecodingLeaf {}
extension Int32: StrictDecodingLeaf {}
extension Int64: StrictDecodingLeaf {}
extension UInt: StrictDecodingLeaf {}
extension UInt8: StrictDecodingLeaf {}
extension UInt16: StrictDecodingLeaf {}
extension UInt32: StrictDecodingLeaf {}
extension UInt64: StrictDecodingLeaf {}
extension Data: StrictDecodingLeaf {}
extension Date: StrictDecodingLeaf {}
extension Decimal: StrictDecodingLeaf {}
