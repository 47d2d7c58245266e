/// A statement parameter as libpq sends it: binary, with its type (arrays in PostgreSQL's
/// binary array form, one dimension).
enum PostgresValue: Sendable {
    case int(Int64)
    case double(Double)
    case text(String)
    case bytes([UInt8])
    case textArray([String])
    case intArray([Int64])
    case doubleArray([Double])
    case bytesArray([[UInt8]])
    case null

    /// `pg_type` OIDs: int8, float8, text, bytea, text[], int8[], float8[], bytea[]; 0 lets the
    /// server infer a null's.
    var type: UInt32 {
        switch self {
        case .int: 20
        case .double: 701
        case .text: 25
        case .bytes: 17
        case .textArray: 1009
        case .intArray: 1016
        case .doubleArray: 1022
        case .bytesArray: 1001
        case .null: 0
        }
    }

    /// The bytes sent (nil for NULL).
    var bytes: [UInt8]? {
        switch self {
        case .int(let value): Self.binary(value)
        case .double(let value): Self.binary(value)
        case .text(let value): Array(value.utf8)
        case .bytes(let value): value
        case .textArray(let values): Self.array(of: 25, values.map { Array($0.utf8) })
        case .intArray(let values): Self.array(of: 20, values.map(Self.binary))
        case .doubleArray(let values): Self.array(of: 701, values.map(Self.binary))
        case .bytesArray(let values): Self.array(of: 17, values)
        case .null: nil
        }
    }

    private static func binary(_ value: Int64) -> [UInt8] { withUnsafeBytes(of: value.bigEndian) { Array($0) } }

    private static func binary(_ value: Double) -> [UInt8] { binary(Int64(bitPattern: value.bitPattern)) }

    /// PostgreSQL's binary array (`array_send`): dimensions, no nulls, the element type, then
    /// each element's length and bytes. An empty array has no dimension.
    private static func array(of elementType: UInt32, _ elements: [[UInt8]]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20 + elements.reduce(0) { $0 + 4 + $1.count })
        func append(_ value: UInt32) { withUnsafeBytes(of: value.bigEndian) { bytes.append(contentsOf: $0) } }
        append(elements.isEmpty ? 0 : 1)
        append(0)
        append(elementType)
        if !elements.isEmpty {
            append(UInt32(elements.count))
            append(1)
        }
        for element in elements {
            append(UInt32(element.count))
            bytes.append(contentsOf: element)
        }
        return bytes
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
}
