/// A request body that `JSONQuickParser` can read without JSONDecoder: `decodeBody` tries
/// this first and decodes with JSONDecoder only when it returns nil.
///
/// A conforming type reads exactly what its `Decodable` form accepts or steps aside: a key it
/// does not know, a key given twice, a value of another type, anything the parser refuses —
/// all return nil, so that JSONDecoder (strict: unknown keys refused) decides, and any 400
/// names the field as it always did.
protocol QuickJSONDecodable: Decodable {
    /// The body from a parser at the start of the document; the caller checks that only
    /// whitespace follows.
    init?(quickJSON parser: inout JSONQuickParser)
}

extension QuickJSONDecodable {
    /// The body `bytes` hold when they are plain JSON of the expected shape, nil otherwise.
    init?(quickJSON bytes: [UInt8]) {
        let body = JSONQuickParser.reading(bytes) { parser -> Self? in
            guard let body = Self(quickJSON: &parser), parser.isAtEnd() else { return nil }
            return body
        }
        guard let body else { return nil }
        self = body
    }
}

extension JSONQuickParser {
    /// A member's value that may be `null`: `.some(nil)` for `null`, `.some(value)` for what
    /// `read` reads, nil when it reads nothing (the parse fails).
    mutating func nullable<Value>(_ read: (inout JSONQuickParser) -> Value?) -> Value?? {
        if null() { return .some(nil) }
        return read(&self).map { .some($0) }
    }

    /// An array of strings at `depth`.
    mutating func strings(depth: Int) -> [String]? {
        var strings: [String] = []
        let parsed = array(depth: depth) { parser in
            guard let string = parser.string() else { return false }
            strings.append(string)
            return true
        }
        return parsed ? strings : nil
    }
}
