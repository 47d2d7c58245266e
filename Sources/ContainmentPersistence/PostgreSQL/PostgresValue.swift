/// A statement parameter as libpq sends it: binary, with its type, except arrays, which go in
/// PostgreSQL's text form (`{"a","b"}`) and are cast in the statement.
enum PostgresValue: Sendable {
    case int(Int64)
    case double(Double)
    case text(String)
    case bytes([UInt8])
    case textArray([String])
    case intArray([Int64])
    case null

    /// `pg_type` OIDs: int8, float8, text, bytea, text[], int8[]; 0 lets the server infer a null's.
    var type: UInt32 {
        switch self {
        case .int: 20
        case .double: 701
        case .text: 25
        case .bytes: 17
        case .textArray: 1009
        case .intArray: 1016
        case .null: 0
        }
    }

    /// 1 for binary, 0 for text.
    var format: Int32 {
        switch self {
        case .textArray, .intArray: 0
        default: 1
        }
    }

    /// The bytes sent (nil for NULL); text parameters end with a NUL, which libpq reads up to.
    var bytes: [UInt8]? {
        switch self {
        case .int(let value): withUnsafeBytes(of: value.bigEndian) { Array($0) }
        case .double(let value): withUnsafeBytes(of: value.bitPattern.bigEndian) { Array($0) }
        case .text(let value): Array(value.utf8)
        case .bytes(let value): value
        case .textArray(let values): Array(("{" + values.map(Self.quotedElement).joined(separator: ",") + "}").utf8) + [0]
        case .intArray(let values): Array(("{" + values.map(String.init).joined(separator: ",") + "}").utf8) + [0]
        case .null: nil
        }
    }

    /// `text` as an SQL string literal, for the few statements that take no parameters (`SET`).
    static func literal(_ text: String) -> String { quoted(text, by: "'") }

    /// `text` between two `mark`s, each `mark` inside it doubled (SQL's one escaping rule for
    /// string literals and quoted identifiers alike).
    static func quoted(_ text: String, by mark: Character) -> String {
        var quoted = String(mark)
        for character in text {
            if character == mark { quoted.append(mark) }
            quoted.append(character)
        }
        quoted.append(mark)
        return quoted
    }

    /// An array element in double quotes, its `"` and `\` escaped: any string survives.
    private static func quotedElement(_ value: String) -> String {
        var quoted = "\""
        for character in value {
            if character == "\"" || character == "\\" { quoted.append("\\") }
            quoted.append(character)
        }
        return quoted + "\""
    }
}
