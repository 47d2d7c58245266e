import Containment

/// Parses the plain JSON that request bodies almost always are, without JSONDecoder's cost
/// (a `/calls` batch spent more time in JSONDecoder than in the engine).
///
/// It only answers when the answer is certain to equal JSONDecoder's: anything it does not
/// handle — malformed JSON, numbers, string escapes, invalid UTF-8, duplicate keys, deep
/// nesting — returns nil, and the caller decodes with JSONDecoder, whose errors name the field.
struct JSONQuickParser {
    private let bytes: [UInt8]
    private var index = 0
    private static let maxDepth = 64

    /// The document in `bytes`, or nil when JSONDecoder must decide.
    static func parse(_ bytes: [UInt8]) -> JSONValue? {
        var parser = JSONQuickParser(bytes: bytes)
        guard let value = parser.value(depth: 0) else { return nil }
        parser.skipWhitespace()
        return parser.index == bytes.count ? value : nil
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func value(depth: Int) -> JSONValue? {
        skipWhitespace()
        guard index < bytes.count, depth < Self.maxDepth else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"): return object(depth: depth)
        case UInt8(ascii: "["): return array(depth: depth)
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        default: return nil
        }
    }

    private mutating func object(depth: Int) -> JSONValue? {
        index += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return .object(members) }
        repeat {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
            skipWhitespace()
            guard consume(UInt8(ascii: ":")), let member = value(depth: depth + 1),
                  members.updateValue(member, forKey: key) == nil else { return nil }
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "}")) ? .object(members) : nil
    }

    private mutating func array(depth: Int) -> JSONValue? {
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return .array(elements) }
        repeat {
            guard let element = value(depth: depth + 1) else { return nil }
            elements.append(element)
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "]")) ? .array(elements) : nil
    }

    /// A string without escapes or control characters; `index` is on the opening quote.
    private mutating func string() -> String? {
        let start = index + 1
        var end = start
        var ascii = true
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            if byte >= 0x80 { ascii = false }
            end += 1
        }
        guard end < bytes.count else { return nil }
        index = end + 1
        let slice = bytes[start..<end]
        return ascii ? String(decoding: slice, as: UTF8.self) : String(validating: slice, as: UTF8.self)
    }

    private mutating func literal(_ word: StaticString, _ value: JSONValue) -> JSONValue? {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return nil }
        let matches = word.withUTF8Buffer { bytes[index..<(index + count)].elementsEqual($0) }
        guard matches else { return nil }
        index += count
        return value
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
            default: return
            }
        }
    }
}
