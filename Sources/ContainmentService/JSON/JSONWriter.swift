import Containment

/// Writes compact JSON into one growing byte buffer, byte for byte what `JSONEncoder` with
/// `[.sortedKeys, .withoutEscapingSlashes]` prints for the same values, without Codable's
/// boxing, which allocates for every value.
///
/// Callers write object fields in sorted key order themselves (`sortedByKey` for dynamic
/// keys); commas are placed here, so the call sequence mirrors the JSON's shape.
///
/// The buffer is its own, not an `Array`, whose every append checks uniqueness and capacity
/// through calls. Noncopyable, so that it is freed exactly once and never shared.
struct JSONWriter: ~Copyable {
    private var start: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int
    /// Whether the next value or key follows a sibling and so needs a comma first.
    private var needsComma = false
    /// The last time `isoTime` formatted, and where its text is in the buffer.
    private var lastTime: (seconds: Double, offset: Int, length: Int)?
    /// Where the last event's repeated fields are in the buffer (`Event+JSON.swift`).
    var eventRuns = EventRuns()

    init(reservingCapacity capacity: Int = 512) {
        self.capacity = max(capacity, 16)
        start = .allocate(capacity: self.capacity)
    }

    deinit { start.deallocate() }

    /// What was written so far.
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: start, count: count)) }

    mutating func reserveCapacity(_ capacity: Int) {
        if capacity > self.capacity { grow(to: capacity) }
    }

    mutating func beginObject() {
        separate()
        append(UInt8(ascii: "{"))
        needsComma = false
    }

    mutating func endObject() {
        append(UInt8(ascii: "}"))
        needsComma = true
    }

    mutating func beginArray() {
        separate()
        append(UInt8(ascii: "["))
        needsComma = false
    }

    mutating func endArray() {
        append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// A field name known at compile time; ours never need escaping. The only unlabeled
    /// `key`, so that a literal resolves here and not to the escaping `key(escaping:)`.
    /// Written as one run (comma, quotes, colon and name after one capacity check): about
    /// eight keys per event made the byte-by-byte version a fifth of a mutation's encoding.
    mutating func key(_ name: StaticString) {
        let length = name.utf8CodeUnitCount
        ensureRoom(for: length + 4)
        var next = start + count
        if needsComma {
            next.pointee = UInt8(ascii: ",")
            next += 1
        }
        next.pointee = UInt8(ascii: "\"")
        name.withUTF8Buffer { name in
            if let bytes = name.baseAddress { (next + 1).update(from: bytes, count: length) }
        }
        next += length + 1
        next[0] = UInt8(ascii: "\"")
        next[1] = UInt8(ascii: ":")
        count = next + 2 - start
        needsComma = false
    }

    /// A field name from data (controller ids, property names).
    mutating func key(escaping name: String) {
        separate()
        appendEscaped(name)
        append(UInt8(ascii: ":"))
        needsComma = false
    }

    mutating func string(_ value: String) {
        separate()
        appendEscaped(value)
        needsComma = true
    }

    mutating func optionalString(_ value: String?) {
        if let value { string(value) } else { null() }
    }

    mutating func bool(_ value: Bool) {
        separate()
        appendStatic(value ? "true" : "false")
        needsComma = true
    }

    /// A value this writer (or another) already wrote as compact JSON, taken as it is.
    mutating func encodedValue(_ json: [UInt8]) {
        separate()
        append(json)
        needsComma = true
    }

    mutating func null() {
        separate()
        appendStatic("null")
        needsComma = true
    }

    mutating func integer(_ value: Int) {
        separate()
        if value < 0 {
            append(UInt8(ascii: "-"))
            appendDigits(UInt64(value.magnitude))
        } else {
            appendDigits(UInt64(value))
        }
        needsComma = true
    }

    mutating func integer(_ value: UInt64) {
        separate()
        appendDigits(value)
        needsComma = true
    }

    /// As `JSONEncoder` prints a `Double`: `description` without a trailing `.0`, so integral
    /// values read as integers and others as the shortest text that round-trips.
    /// Non-finite values, which `JSONEncoder` refuses and no API input can produce, print as
    /// `null` rather than invalid JSON.
    mutating func number(_ value: Double) {
        separate()
        needsComma = true
        guard value.isFinite else { return appendStatic("null") }
        // Integral values below 2^53 print their digits (`description` switches to exponents
        // only from 2^53 on); the sign of zero is kept, as `-0.0.description` keeps it.
        if value.rounded(.towardZero) == value, value.magnitude < 9_007_199_254_740_992 {
            if value.sign == .minus { append(UInt8(ascii: "-")) }
            appendDigits(UInt64(value.magnitude))
            return
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        text.withUTF8 { append($0) }
    }

    /// A time as the ISO-8601 string `ISOTime.string(from:)` gives, without building it.
    /// The events of one response nearly all share one time: its text is formatted once and
    /// copied after that.
    mutating func isoTime(_ seconds: Double) {
        guard let lastTime, lastTime.seconds == seconds else {
            var text: [UInt8] = []
            text.reserveCapacity(24)
            ISOTime.append(seconds, to: &text)
            separate()
            append(UInt8(ascii: "\""))
            lastTime = (seconds, count, text.count)
            append(text)
            append(UInt8(ascii: "\""))
            needsComma = true
            return
        }
        // Comma, quotes and the copied text after one capacity check.
        ensureRoom(for: lastTime.length + 3)
        if needsComma {
            start[count] = UInt8(ascii: ",")
            count += 1
        }
        start[count] = UInt8(ascii: "\"")
        (start + count + 1).update(from: start + lastTime.offset, count: lastTime.length)
        count += lastTime.length + 1
        start[count] = UInt8(ascii: "\"")
        count += 1
        needsComma = true
    }

    /// Copies a run of fields written before (keys and values, no leading comma), when the
    /// caller knows it repeats: fields shared by all the elements of an array are then
    /// formatted once. False, writing nothing, when `run` was never written.
    mutating func copyFields(_ run: Run) -> Bool {
        guard run.length > 0 else { return false }
        ensureRoom(for: run.length + 1)
        if needsComma {
            start[count] = UInt8(ascii: ",")
            count += 1
        }
        (start + count).update(from: start + run.offset, count: run.length)
        count += run.length
        needsComma = true
        return true
    }

    /// Starts a run of fields that `copyFields` may copy later; `endFields` gives the run.
    mutating func beginFields() -> Int {
        separate()
        needsComma = false
        return count
    }

    func endFields(from offset: Int) -> Run {
        Run(offset: offset, length: count - offset)
    }

    /// Where a run of fields was written in the buffer (see `copyFields`).
    struct Run {
        var offset = 0
        var length = 0
    }

    mutating func stringArray(_ values: [String]) {
        beginArray()
        for value in values { string(value) }
        endArray()
    }

    /// `dictionary`'s indices in the order `.sortedKeys` gives its entries: by the keys' UTF-8
    /// bytes. Indices, not entries, are sorted, so that the sort moves no large value.
    static func sortedIndices<Value>(_ dictionary: [String: Value]) -> [Dictionary<String, Value>.Index] {
        dictionary.indices.sorted { utf8Precedes(dictionary.keys[$0], dictionary.keys[$1]) }
    }

    /// `a.utf8.lexicographicallyPrecedes(b.utf8)`, over contiguous bytes.
    static func utf8Precedes(_ a: String, _ b: String) -> Bool {
        var a = a
        var b = b
        return a.withUTF8 { left in
            b.withUTF8 { right in
                for index in 0..<min(left.count, right.count) where left[index] != right[index] {
                    return left[index] < right[index]
                }
                return left.count < right.count
            }
        }
    }

    @inline(__always)
    private mutating func separate() {
        if needsComma { append(UInt8(ascii: ",")) }
    }

    private mutating func appendStatic(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    @inline(__always)
    private mutating func append(_ byte: UInt8) {
        ensureRoom(for: 1)
        start[count] = byte
        count += 1
    }

    private mutating func append(_ source: UnsafeBufferPointer<UInt8>) {
        guard let base = source.baseAddress, source.count > 0 else { return }
        ensureRoom(for: source.count)
        (start + count).update(from: base, count: source.count)
        count += source.count
    }

    private mutating func append(_ source: [UInt8]) {
        source.withUnsafeBufferPointer { append($0) }
    }

    @inline(__always)
    private mutating func ensureRoom(for extra: Int) {
        if count + extra > capacity { grow(to: max(capacity * 2, count + extra)) }
    }

    private mutating func grow(to newCapacity: Int) {
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.initialize(from: start, count: count)
        start.deallocate()
        start = grown
        capacity = newCapacity
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }

    /// The digits go straight into the buffer, last digit first, once their count is known.
    private mutating func appendDigits(_ value: UInt64) {
        var digitCount = 1
        var rest = value / 10
        while rest > 0 {
            digitCount += 1
            rest /= 10
        }
        ensureRoom(for: digitCount)
        var remaining = value
        for index in stride(from: count + digitCount - 1, through: count, by: -1) {
            start[index] = UInt8(ascii: "0") + UInt8(remaining % 10)
            remaining /= 10
        }
        count += digitCount
    }

    /// RFC 8259 escaping as `JSONEncoder` does it: quote, backslash and C0 controls only
    /// (`\b \t \n \f \r` by name, the rest as `\u00xx`); everything else, `/` included, raw.
    /// Lone surrogates need no handling: a Swift `String` cannot hold them.
    private mutating func appendEscaped(_ text: String) {
        // Ids and names, nearly every string written, need no escaping: copied and checked
        // in one pass after one capacity check, and taken back if a byte needs escaping.
        let copied = text.utf8.withContiguousStorageIfAvailable { utf8 in
            ensureRoom(for: utf8.count + 2)
            let quoted = start + count
            quoted.pointee = UInt8(ascii: "\"")
            for index in utf8.indices {
                let byte = utf8[index]
                if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return false }
                quoted[index + 1] = byte
            }
            quoted[utf8.count + 1] = UInt8(ascii: "\"")
            count += utf8.count + 2
            return true
        }
        if copied == true { return }
        append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                append(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                runStart = index + 1
                switch byte {
                case UInt8(ascii: "\""): appendStatic("\\\"")
                case UInt8(ascii: "\\"): appendStatic("\\\\")
                case 0x08: appendStatic("\\b")
                case 0x09: appendStatic("\\t")
                case 0x0A: appendStatic("\\n")
                case 0x0C: appendStatic("\\f")
                case 0x0D: appendStatic("\\r")
                default:
                    appendStatic("\\u00")
                    append(Self.hexDigit(byte >> 4))
                    append(Self.hexDigit(byte & 0xF))
                }
            }
            append(UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        append(UInt8(ascii: "\""))
    }
}

/// A response model the service writes with `JSONWriter` instead of `JSONEncoder`.
protocol JSONWritable {
    func writeJSON(to writer: inout JSONWriter)
    /// The value at `element`, read in place: an array's elements are written through this.
    static func writeJSON(at element: UnsafePointer<Self>, to writer: inout JSONWriter)
}

extension JSONWritable {
    static func writeJSON(at element: UnsafePointer<Self>, to writer: inout JSONWriter) {
        element.pointee.writeJSON(to: &writer)
    }
}

extension Array: JSONWritable where Element: JSONWritable {
    /// Elements are written in place (through their address), not copied out one by one: a
    /// copy of an event is a retain and a release of each of its strings.
    func writeJSON(to writer: inout JSONWriter) {
        writer.beginArray()
        withUnsafeBufferPointer { elements in
            guard let base = elements.baseAddress else { return }
            for index in elements.indices { Element.writeJSON(at: base + index, to: &writer) }
        }
        writer.endArray()
    }
}
