/// The byte steps every JSON scanner here shares (`JSONQuickParser`, `JSONBodyCheck`).
extension UnsafeBufferPointer<UInt8> {
    /// Steps `index` past `byte` if it stands there.
    @inline(__always)
    func consume(_ byte: UInt8, at index: inout Int) -> Bool {
        guard index < count, self[index] == byte else { return false }
        index += 1
        return true
    }

    /// Steps `index` past JSON's insignificant whitespace (RFC 8259: space, tab, line feed,
    /// carriage return).
    @inline(__always)
    func skipJSONWhitespace(at index: inout Int) {
        while index < count {
            switch self[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
            default: return
            }
        }
    }
}
