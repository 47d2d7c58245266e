/// Typed access to a raw call's `args`, failing with the field named as the client wrote it.
struct RawCallArguments {
    let values: [String: JSONValue]
    let prefix: String
    /// The method's name, for the refusal of an argument it does not take.
    let method: String
    /// The names the call read, so an argument it never read (a typo, or one the method
    /// lacks) is refused rather than ignored; nil when there are no arguments.
    private let readNames: ReadNames?

    init(_ values: [String: JSONValue]?, prefix: String, method: String) {
        self.values = values ?? [:]
        self.prefix = prefix
        self.method = method
        self.readNames = self.values.isEmpty ? nil : ReadNames()
    }

    /// What was read: the positions (in `values`' order) of the arguments found by scanning
    /// a short list, and the names asked of a long one. A bit per position costs no array
    /// and no name comparisons for the common calls of one or two arguments.
    private final class ReadNames {
        var scanned: UInt8 = 0
        var names: [String] = []
    }

    /// An argument the call did not read (the first in name order), or nil: the least of the
    /// unread names, found in one pass rather than by sorting every call's names.
    var firstUnread: String? {
        guard let readNames else { return nil }
        let isScanned = values.count <= Self.scannedCount
        if isScanned, readNames.scanned == UInt8(truncatingIfNeeded: (1 << values.count) - 1) { return nil }
        var first: String?
        for (position, name) in values.keys.enumerated() {
            let isRead = isScanned ? readNames.scanned & (1 << position) != 0 : readNames.names.contains(name)
            if isRead { continue }
            if let current = first, current <= name { continue }
            first = name
        }
        return first
    }

    /// Refuses an argument the method does not take; called once the method read its own.
    func checkNoneUnread() throws(ContainmentError) {
        guard let name = firstUnread else { return }
        throw .invalidArgument(field: field(name), "no argument \(name) in \(method)")
    }

    func field(_ key: String) -> String { prefix + "args." + key }

    /// The argument named `key`. A call has one or two arguments, and comparing that many
    /// keys costs less than hashing `key`; larger lists are looked up.
    private func value(_ key: String) -> JSONValue? {
        guard values.count <= Self.scannedCount else {
            readNames?.names.append(key)
            return values[key]
        }
        for (position, (name, value)) in values.enumerated() where name == key {
            readNames?.scanned |= 1 << position
            return value
        }
        return nil
    }

    private static let scannedCount = 4

    private func missing(_ key: String) -> ContainmentError {
        .invalidArgument(field: field(key), "missing argument \(key)")
    }

    /// A `callbackArgument` reaching a method is in a request's own call (an override's are
    /// replaced first): told apart here, on the refusal's path, not checked on every call's.
    private func wrong(_ key: String, _ expected: String) -> ContainmentError {
        if let value = values[key], CallbackValue.isCallbackArgument(value) {
            return .invalidArgument(field: field(key), "a callbackArgument stands only in a call of an override, for its callback's parameter")
        }
        return .invalidArgument(field: field(key), "argument \(key) must be \(expected)")
    }

    func id(_ key: String) throws(ContainmentError) -> String {
        guard let value = value(key) else { throw missing(key) }
        guard let text = value.stringValue else { throw wrong(key, "an id") }
        return text
    }

    /// An id or `null` (nil); the key itself is required.
    func optionalID(_ key: String) throws(ContainmentError) -> String? {
        guard let value = value(key) else { throw missing(key) }
        if value == .null { return nil }
        guard let text = value.stringValue else { throw wrong(key, "an id or null") }
        return text
    }

    func bool(_ key: String, default defaultValue: Bool? = nil) throws(ContainmentError) -> Bool {
        guard let value = value(key) else {
            guard let defaultValue else { throw missing(key) }
            return defaultValue
        }
        guard let flag = value.boolValue else { throw wrong(key, "true or false") }
        return flag
    }

    func number(_ key: String, default defaultValue: Double? = nil) throws(ContainmentError) -> Double {
        guard let value = value(key) else {
            guard let defaultValue else { throw missing(key) }
            return defaultValue
        }
        guard let number = value.numberValue, number.isFinite else { throw wrong(key, "a number") }
        return number
    }

    func index(_ key: String) throws(ContainmentError) -> Int {
        let number = try number(key)
        guard number >= 0, number < 1e9, number == number.rounded() else { throw wrong(key, "an index (integer, not negative)") }
        return Int(number)
    }

    /// A list of strings or `null` (nil); the key itself is required.
    func optionalStrings(_ key: String) throws(ContainmentError) -> [String]? {
        if values[key] == .null {
            _ = try optionalID(key)
            return nil
        }
        return try strings(key)
    }

    func strings(_ key: String, default defaultValue: [String]? = nil) throws(ContainmentError) -> [String] {
        guard let value = value(key) else {
            guard let defaultValue else { throw missing(key) }
            return defaultValue
        }
        guard case .array(let items) = value else { throw wrong(key, "a list of strings") }
        var result: [String] = []
        for item in items {
            guard let text = item.stringValue else { throw wrong(key, "a list of strings") }
            result.append(text)
        }
        return result
    }

    /// The members are found in one pass over the object, comparing names, rather than by
    /// hashing four names.
    func rect(_ key: String) throws(ContainmentError) -> Rect {
        guard let value = value(key) else { throw missing(key) }
        var x: Double?
        var y: Double?
        var width: Double?
        var height: Double?
        if case .object(let fields) = value {
            for (name, member) in fields {
                switch name {
                case "x": x = member.numberValue
                case "y": y = member.numberValue
                case "width": width = member.numberValue
                case "height": height = member.numberValue
                default: break
                }
            }
        }
        guard let x, let y, let width, let height else { throw wrong(key, "{\"x\",\"y\",\"width\",\"height\"}") }
        let rect = Rect(x: x, y: y, width: width, height: height)
        guard TreeValidation.isValid(rect) else { throw wrong(key, "finite with a size not negative") }
        return rect
    }

    func size(_ key: String) throws(ContainmentError) -> Size {
        guard let value = value(key) else { throw missing(key) }
        guard case .object(let fields) = value, let width = fields["width"]?.numberValue,
            let height = fields["height"]?.numberValue
        else { throw wrong(key, "{\"width\",\"height\"}") }
        let size = Size(width: width, height: height)
        guard TreeValidation.isValid(size) else { throw wrong(key, "finite and not negative") }
        return size
    }

    func rawValue<T: RawRepresentable>(_ key: String, as type: T.Type) throws(ContainmentError) -> T where T.RawValue == String {
        let text = try id(key)
        guard let value = T(rawValue: text) else { throw wrong(key, "a known \(key) name") }
        return value
    }

    /// Like `rawValue`, nil when the argument is absent.
    func optionalRawValue<T: RawRepresentable>(_ key: String, as type: T.Type) throws(ContainmentError) -> T? where T.RawValue == String {
        guard values[key] != nil else { return nil }
        return try rawValue(key, as: type)
    }

    /// The argument as written (nil when absent), for one whose type the method checks itself.
    func json(_ key: String) -> JSONValue? { value(key) }

    /// An optional argument that is an id or `null` (both nil here); absent is nil too.
    func optionalSender(_ key: String) throws(ContainmentError) -> String? {
        guard let value = value(key), value != .null else { return nil }
        guard let text = value.stringValue else { throw wrong(key, "an id or null") }
        return text
    }
}
