/// The lists `Accept` and `Accept-Encoding` share (RFC 9110 §12.4.2, §12.5.1, §12.5.3): members
/// separated by commas, each a name and `;`-separated parameters, one of which may be the
/// weight `q`. Scanned as bytes in place: the fields are read on every request of a route that
/// negotiates.
enum HTTPWeightedList {
    /// Calls `body` with each well-formed member's name (`gzip`, `text/*`) and weight in
    /// thousandths, 1000 when it has none. A member whose weight is not a qvalue (`q=2`,
    /// `q=0.5000`, `q=x`), or with anything but parameters after its name, is left out: the
    /// client stated no preference one could read, so none is guessed.
    static func forEachMember(of value: String, _ body: (UnsafeBufferPointer<UInt8>, Int) -> Void) {
        var value = value
        value.withUTF8 { bytes in
            var index = 0
            func skip(while predicate: (UInt8) -> Bool) {
                while index < bytes.count, predicate(bytes[index]) { index += 1 }
            }
            while index < bytes.count {
                skip { $0 == .comma || $0.isSpaceOrTab }
                let nameStart = index
                skip { $0 != .comma && $0 != .semicolon && !$0.isSpaceOrTab }
                let name = UnsafeBufferPointer(rebasing: bytes[nameStart..<index])
                var weight: Int? = 1000
                skip { $0.isSpaceOrTab }
                while index < bytes.count, bytes[index] == .semicolon {
                    index += 1
                    let parameterStart = index
                    skip { $0 != .comma && $0 != .semicolon }
                    // A malformed weight leaves the member malformed, whatever follows.
                    if let parsed = weightParameter(bytes[parameterStart..<index]), weight != nil { weight = parsed }
                }
                // Anything else before the next comma leaves the member malformed.
                if index < bytes.count, bytes[index] != .comma { weight = nil }
                skip { $0 != .comma }
                if !name.isEmpty, let weight { body(name, weight) }
            }
        }
    }

    /// A parameter's weight when it is `q=<qvalue>` (`.some(nil)`: not a qvalue); nil when it is
    /// another parameter. Spaces around the name and value are tolerated.
    private static func weightParameter(_ parameter: Slice<UnsafeBufferPointer<UInt8>>) -> Int?? {
        let text = parameter[parameter.rangeWithoutASCIIWhitespace]
        guard let equals = text.firstIndex(of: UInt8(ascii: "=")) else { return nil }
        let name = text[..<equals]
        let trimmedName = name[name.rangeWithoutASCIIWhitespace]
        guard trimmedName.count == 1, trimmedName.first.map({ $0.asciiLowercased == UInt8(ascii: "q") }) == true else { return nil }
        let value = text[(equals + 1)...]
        return .some(qualityValue(value[value.rangeWithoutASCIIWhitespace]))
    }

    /// RFC 9110 §12.4.2's `qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )` in
    /// thousandths; nil for anything else.
    static func qualityValue(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        guard let first = text.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1") else { return nil }
        var value = first == UInt8(ascii: "1") ? 1000 : 0
        let rest = text.dropFirst()
        guard let dot = rest.first else { return value }
        let digits = rest.dropFirst()
        guard dot == UInt8(ascii: "."), digits.count <= 3, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        var scale = 100
        for digit in digits {
            value += Int(digit - UInt8(ascii: "0")) * scale
            scale /= 10
        }
        return value <= 1000 ? value : nil
    }
}

extension UInt8 {
    fileprivate static let comma = UInt8(ascii: ",")
    fileprivate static let semicolon = UInt8(ascii: ";")
    fileprivate var isSpaceOrTab: Bool { self == UInt8(ascii: " ") || self == UInt8(ascii: "\t") }
}
