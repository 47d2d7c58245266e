import Containment

#if canImport(Glibc)
import Glibc
#endif

/// Parses the plain JSON that request bodies almost always are, without JSONDecoder's cost
/// (a `/calls` batch spent more time in JSONDecoder than in the engine).
///
/// It only answers when the answer is certain to equal JSONDecoder's: anything it does not
/// handle — malformed JSON, string escapes, invalid UTF-8, duplicate keys, deep nesting, a
/// number no `Double` holds — fails, and the caller decodes with JSONDecoder, whose errors
/// name the field. Numbers are read (frames, durations, indices are common in bodies, and
/// falling back parsed such a body twice) and converted to the same `Double` JSONDecoder gives.
///
/// A decoder that knows its shape reads objects and arrays member by member (`object`,
/// `array`) straight into its own types, inside `reading`; `value` builds a `JSONValue` for
/// the parts it takes as they come (call arguments, unknown members).
struct JSONQuickParser {
    /// Borrowed for the duration of `reading`: no retain per slice, as indexing an `Array` in
    /// the scanning loops would take.
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private static let maxDepth = 64

    /// Runs `body` with a parser at the start of `bytes`; the parser must not outlive it.
    static func reading<Result>(_ bytes: [UInt8], _ body: (inout JSONQuickParser) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONQuickParser(bytes: buffer)
            return body(&parser)
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// A string as the bytes between its quotes (escapes are refused): object keys are
    /// compared as such, without building a `String` for the keys a decoder knows.
    struct RawString {
        fileprivate let bytes: UnsafeBufferPointer<UInt8>
        fileprivate let isASCII: Bool

        /// Compared with `memcmp` after the lengths rather than the generic `elementsEqual`.
        static func == (key: RawString, name: StaticString) -> Bool {
            guard key.bytes.count == name.utf8CodeUnitCount else { return false }
            return name.withUTF8Buffer { name in
                guard let expected = name.baseAddress, let actual = key.bytes.baseAddress else { return name.isEmpty }
                return memcmp(actual, expected, name.count) == 0
            }
        }

        /// The string itself; nil when it is not valid UTF-8.
        var string: String? { isASCII ? String(decoding: bytes, as: UTF8.self) : String(validating: bytes, as: UTF8.self) }
    }

    /// Whether only whitespace is left.
    mutating func isAtEnd() -> Bool {
        skipWhitespace()
        return index == bytes.count
    }

    /// Any value at nesting `depth` (the document is at 0).
    mutating func value(depth: Int) -> JSONValue? {
        skipWhitespace()
        guard index < bytes.count, depth < Self.maxDepth else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            // Argument objects nearly always have one or two members (`view` and `at`,
            // `from` and `to`): storage made once, not grown.
            var members = [String: JSONValue](minimumCapacity: 2)
            let parsed = object(depth: depth) { parser, key in
                guard let name = key.string, let member = parser.value(depth: depth + 1) else { return false }
                return members.updateValue(member, forKey: name) == nil
            }
            return parsed ? .object(members) : nil
        case UInt8(ascii: "["):
            var elements: [JSONValue] = []
            let parsed = array(depth: depth) { parser in
                guard let element = parser.value(depth: depth + 1) else { return false }
                elements.append(element)
                return true
            }
            return parsed ? .array(elements) : nil
        case UInt8(ascii: "\""): return rawString().flatMap(\.string).map(JSONValue.string)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        default: return number().map(JSONValue.number)
        }
    }

    /// A number value (nil for any other value), read without wrapping it in a `JSONValue`.
    mutating func number() -> Double? {
        skipWhitespace()
        guard index < bytes.count else { return nil }
        var reader = JSONNumberReader(bytes, at: index)
        guard let value = reader.read() else { return nil }
        index = reader.end
        return value
    }

    /// A boolean value (nil for any other value).
    mutating func bool() -> Bool? {
        skipWhitespace()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "t"): return literal("true", .bool(true)) != nil ? true : nil
        case UInt8(ascii: "f"): return literal("false", .bool(false)) != nil ? false : nil
        default: return nil
        }
    }

    /// Whether the next value is `null`; it is consumed when it is.
    mutating func null() -> Bool {
        skipWhitespace()
        return literal("null", .null) != nil
    }

    /// A string value (nil for any other value), read without wrapping it in a `JSONValue`.
    mutating func string() -> String? {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        return rawString()?.string
    }

    /// An object at `depth`: `member` is called with each key and must read that member's
    /// value (at `depth + 1`), returning false to fail the parse. Telling duplicate keys
    /// apart is the caller's job.
    mutating func object(depth: Int, _ member: (inout JSONQuickParser, RawString) -> Bool) -> Bool {
        skipWhitespace()
        guard depth < Self.maxDepth, consume(UInt8(ascii: "{")) else { return false }
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return true }
        repeat {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = rawString() else { return false }
            skipWhitespace()
            guard consume(UInt8(ascii: ":")), member(&self, key) else { return false }
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "}"))
    }

    /// An array at `depth`: `element` reads each element (at `depth + 1`), returning false
    /// to fail the parse.
    mutating func array(depth: Int, _ element: (inout JSONQuickParser) -> Bool) -> Bool {
        skipWhitespace()
        guard depth < Self.maxDepth, consume(UInt8(ascii: "[")) else { return false }
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return true }
        repeat {
            guard element(&self) else { return false }
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "]"))
    }

    /// A string without escapes or control characters; `index` is on the opening quote.
    private mutating func rawString() -> RawString? {
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
        return RawString(bytes: UnsafeBufferPointer(rebasing: bytes[start..<end]), isASCII: ascii)
    }

    private mutating func literal(_ word: StaticString, _ value: JSONValue) -> JSONValue? {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return nil }
        let matches = word.withUTF8Buffer { memcmp(bytes.baseAddress! + index, $0.baseAddress!, count) == 0 }
        guard matches else { return nil }
        index += count
        return value
    }

    private mutating func consume(_ byte: UInt8) -> Bool { bytes.consume(byte, at: &index) }

    private mutating func skipWhitespace() { bytes.skipJSONWhitespace(at: &index) }
}
