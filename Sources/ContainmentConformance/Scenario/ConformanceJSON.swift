import Containment
import FoundationEssentials

/// The corpus's one JSON style: sorted keys, two-space indentation, `"key": value`, empty
/// lists as `[]`, so recording the same behaviour twice writes the same bytes and a change of
/// behaviour is a readable diff.
public enum ConformanceJSON {
    public static var compactEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// A scenario file's bytes: the value in the corpus style and a final newline.
    public static func fileBytes<Value: Encodable>(_ value: Value) throws -> [UInt8] {
        let tree = try JSONDecoder().decode(JSONValue.self, from: compactEncoder.encode(value))
        var text = ""
        write(tree, indent: "", to: &text)
        return Array((text + "\n").utf8)
    }

    public static func decode<Value: Decodable>(_ type: Value.Type, from bytes: [UInt8]) throws -> Value {
        try JSONDecoder().decode(type, from: Data(bytes))
    }

    private static func write(_ value: JSONValue, indent: String, to text: inout String) {
        let inner = indent + "  "
        switch value {
        case .array(let items) where !items.isEmpty:
            text += "[\n"
            for (index, item) in items.enumerated() {
                text += inner
                write(item, indent: inner, to: &text)
                text += index == items.count - 1 ? "\n" : ",\n"
            }
            text += indent + "]"
        case .object(let members) where !members.isEmpty:
            text += "{\n"
            let sorted = members.sorted { $0.key < $1.key }
            for (index, member) in sorted.enumerated() {
                text += inner + DiffRendering.compactJSON(.string(member.key)) + ": "
                write(member.value, indent: inner, to: &text)
                text += index == sorted.count - 1 ? "\n" : ",\n"
            }
            text += indent + "}"
        default:
            text += DiffRendering.compactJSON(value)
        }
    }
}
