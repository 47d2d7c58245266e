/// A pass over a JSON request body before JSONDecoder reads it, for what JSONDecoder would let
/// through: an object key given twice (one of the values silently wins; keys are compared as
/// the strings they denote, so `"a"` and `"\u0061"` are the same key), and more objects than a
/// route will decode (JSONDecoder builds each at a few microseconds: 300,000 empty ones, 900
/// KB, took seconds). A document that does not parse is left to JSONDecoder, whose error
/// names what is wrong.
enum JSONBodyCheck {
    enum Finding: Equatable {
        /// `key` appears twice in the object at `path` (`calls[2].args`, empty at the top).
        case duplicateKey(key: String, path: String)
        /// The body holds more than the objects allowed.
        case tooManyObjects
    }

    /// The first finding in `bytes`, nil when there is none.
    static func check(_ bytes: [UInt8], maxObjects: Int = .max) -> Finding? {
        bytes.withUnsafeBufferPointer { buffer in
            var scanner = Scanner(bytes: buffer, objectsLeft: maxObjects)
            return scanner.value(path: "", depth: 0) ?? nil
        }
    }

    /// Deeper documents are refused by JSONDecoder anyway; past this the scan gives up.
    private static let maxDepth = 512

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var objectsLeft: Int
        var index = 0

        /// The finding in the value at `index` (`.some(nil)` when there is none), or nil when the
        /// value does not parse.
        mutating func value(path: String, depth: Int) -> Finding?? {
            skipWhitespace()
            guard index < bytes.count, depth < JSONBodyCheck.maxDepth else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"): return object(path: path, depth: depth)
            case UInt8(ascii: "["): return array(path: path, depth: depth)
            case UInt8(ascii: "\""): return string() == nil ? nil : .some(nil)
            default: return scalar() ? .some(nil) : nil
            }
        }

        private mutating func object(path: String, depth: Int) -> Finding?? {
            objectsLeft -= 1
            guard objectsLeft >= 0 else { return .some(.tooManyObjects) }
            index += 1
            var keys = Set<String>()
            skipWhitespace()
            if consume(UInt8(ascii: "}")) { return .some(nil) }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
                guard keys.insert(key).inserted else { return .some(.duplicateKey(key: key, path: path)) }
                skipWhitespace()
                guard consume(UInt8(ascii: ":")) else { return nil }
                guard let found = value(path: path.isEmpty ? key : path + "." + key, depth: depth + 1) else { return nil }
                if found != nil { return found }
                skipWhitespace()
                if consume(UInt8(ascii: ",")) { continue }
                return consume(UInt8(ascii: "}")) ? .some(nil) : nil
            }
        }

        private mutating func array(path: String, depth: Int) -> Finding?? {
            index += 1
            skipWhitespace()
            if consume(UInt8(ascii: "]")) { return .some(nil) }
            var element = 0
            while true {
                guard let found = value(path: "\(path)[\(element)]", depth: depth + 1) else { return nil }
                if found != nil { return found }
                element += 1
                skipWhitespace()
                if consume(UInt8(ascii: ",")) { continue }
                return consume(UInt8(ascii: "]")) ? .some(nil) : nil
            }
        }

        /// The string at `index` (on its opening quote) with its escapes resolved.
        private mutating func string() -> String? {
            index += 1
            var scalars: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(validating: scalars, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard index < bytes.count else { return nil }
                    let escape = bytes[index]
                    index += 1
                    switch escape {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escape)
                    case UInt8(ascii: "b"): scalars.append(0x08)
                    case UInt8(ascii: "f"): scalars.append(0x0c)
                    case UInt8(ascii: "n"): scalars.append(0x0a)
                    case UInt8(ascii: "r"): scalars.append(0x0d)
                    case UInt8(ascii: "t"): scalars.append(0x09)
                    case UInt8(ascii: "u"):
                        guard let scalar = unicodeEscape() else { return nil }
                        scalars += Array(String(Character(scalar)).utf8)
                    default: return nil
                    }
                default:
                    guard byte >= 0x20 else { return nil }
                    scalars.append(byte)
                }
            }
            return nil
        }

        /// The scalar of a `\uXXXX` escape (the `u` read), a surrogate pair's second half
        /// included; a lone surrogate stands for U+FFFD, as JSONDecoder reads it.
        private mutating func unicodeEscape() -> Unicode.Scalar? {
            guard let high = hexQuad() else { return nil }
            guard (0xD800...0xDBFF).contains(high) else {
                return Unicode.Scalar(high) ?? Unicode.Scalar(0xFFFD)
            }
            let mark = index
            if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                index += 2
                if let low = hexQuad(), (0xDC00...0xDFFF).contains(low) {
                    return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
                }
            }
            index = mark
            return Unicode.Scalar(0xFFFD)
        }

        private mutating func hexQuad() -> UInt32? {
            guard index + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
                index += 1
            }
            return value
        }

        /// A number or literal: its bytes up to the next delimiter (JSONDecoder checks them).
        private mutating func scalar() -> Bool {
            let start = index
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: " "), UInt8(ascii: "\t"),
                    UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                    return index > start
                default: index += 1
                }
            }
            return index > start
        }

        private mutating func consume(_ byte: UInt8) -> Bool { bytes.consume(byte, at: &index) }

        private mutating func skipWhitespace() { bytes.skipJSONWhitespace(at: &index) }
    }
}
