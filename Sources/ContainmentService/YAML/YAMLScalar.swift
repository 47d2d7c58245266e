/// Plain YAML scalars resolved by the YAML 1.2 core schema, written as JSON.
enum YAMLScalar {
    /// The JSON for a plain scalar: null, boolean, number or string; nil for `.inf`/`.nan`,
    /// which JSON cannot carry.
    static func resolvePlain(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        let text = String(decoding: bytes, as: UTF8.self)
        switch text {
        case "", "~", "null", "Null", "NULL": return Array("null".utf8)
        case "true", "True", "TRUE": return Array("true".utf8)
        case "false", "False", "FALSE": return Array("false".utf8)
        default: break
        }
        if let integer = integer(text) { return Array(integer.utf8) }
        if isFloat(text) {
            // Decimal floats always parse; beyond Double's range they become infinite.
            guard let value = Double(text), value.isFinite else { return nil }
            return Array("\(value)".utf8)
        }
        if isInfinityOrNaN(text) { return nil }
        var json: [UInt8] = []
        appendJSONString(bytes, to: &json)
        return json
    }

    /// `[-+]?[0-9]+`, `0o[0-7]+` or `0x[0-9a-fA-F]+` in decimal; integers past 64 bits stay exact.
    private static func integer(_ text: String) -> String? {
        if text.hasPrefix("0x") || text.hasPrefix("0o") {
            let digits = text.dropFirst(2)
            guard !digits.isEmpty, let value = UInt64(digits, radix: text.hasPrefix("0x") ? 16 : 8) else { return nil }
            return "\(value)"
        }
        var digits = Substring(text)
        var negative = false
        if let sign = digits.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        // JSON forbids leading zeros and a plus sign.
        let significant = digits.drop { $0 == "0" }
        let magnitude = significant.isEmpty ? "0" : String(significant)
        return negative && magnitude != "0" ? "-" + magnitude : magnitude
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`
    private static func isFloat(_ text: String) -> Bool {
        var rest = Substring(text)
        if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
        let whole = rest.prefix { $0.isASCII && $0.isNumber }
        rest = rest.dropFirst(whole.count)
        var fraction = Substring()
        if rest.first == "." {
            rest = rest.dropFirst()
            fraction = rest.prefix { $0.isASCII && $0.isNumber }
            rest = rest.dropFirst(fraction.count)
        }
        guard !whole.isEmpty || !fraction.isEmpty else { return false }
        if rest.first == "e" || rest.first == "E" {
            rest = rest.dropFirst()
            if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
            let exponent = rest.prefix { $0.isASCII && $0.isNumber }
            guard !exponent.isEmpty else { return false }
            rest = rest.dropFirst(exponent.count)
        }
        return rest.isEmpty
    }

    /// `[-+]?.inf` and `.nan` in the core schema's three spellings.
    private static func isInfinityOrNaN(_ text: String) -> Bool {
        let unsigned = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text)
        return [".inf", ".Inf", ".INF"].contains(unsigned) || [".nan", ".NaN", ".NAN"].contains(text)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// `bytes` (valid UTF-8, as libyaml guarantees) as a JSON string literal.
    static func appendJSONString(_ bytes: UnsafeBufferPointer<UInt8>, to json: inout [UInt8]) {
        json.append(UInt8(ascii: "\""))
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                json.append(UInt8(ascii: "\\"))
                json.append(byte)
            case 0x00..<0x20:
                json.append(contentsOf: Array("\\u00".utf8))
                json.append(hexDigits[Int(byte >> 4)])
                json.append(hexDigits[Int(byte & 0x0F)])
            default:
                json.append(byte)
            }
        }
        json.append(UInt8(ascii: "\""))
    }
}
