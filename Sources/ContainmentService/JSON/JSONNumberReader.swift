/// Reads one JSON number — RFC 8259's `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
/// — and converts it to the `Double` JSONDecoder gives for it: the nearest one. Nil when the
/// bytes are not a number by that grammar, or when the number lies beyond `Double`'s finite
/// range (JSONDecoder refuses those, and the quick parser then leaves the refusal to it).
///
/// What ends the number (a comma, a bracket, anything else) is the caller's to check: `01`
/// reads as `0` here and then fails on the `1` where a comma was due, as in JSONDecoder.
struct JSONNumberReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let start: Int
    /// Just past the number, once `read` succeeded.
    private(set) var end: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) {
        self.bytes = bytes
        self.start = start
        end = start
    }

    /// Powers of ten that a `Double` holds exactly (10^22 is the largest).
    private static let exactPowersOfTen: [Double] = (0...22).map { power in
        (0..<power).reduce(1.0) { product, _ in product * 10 }
    }

    /// The number, or nil (see the type's comment).
    mutating func read() -> Double? {
        var index = start
        let negative = byte(at: index) == UInt8(ascii: "-")
        if negative { index += 1 }
        // The decimal digits as an integer while it stays exact (at most 19 digits), and the
        // power of ten it is to be scaled by.
        var significand: UInt64 = 0
        var significantDigits = 0
        var exponent = 0
        var isTruncated = false
        func take(_ digit: UInt8, isFraction: Bool) {
            if significantDigits < 19 {
                significand = significand * 10 + UInt64(digit &- UInt8(ascii: "0"))
                if significand != 0 { significantDigits += 1 }
                if isFraction { exponent -= 1 }
            } else {
                isTruncated = true
                if !isFraction { exponent += 1 }
            }
        }
        guard let first = byte(at: index), Self.isDigit(first) else { return nil }
        if first == UInt8(ascii: "0") {
            index += 1
        } else {
            while let digit = byte(at: index), Self.isDigit(digit) {
                take(digit, isFraction: false)
                index += 1
            }
        }
        if byte(at: index) == UInt8(ascii: ".") {
            index += 1
            guard let digit = byte(at: index), Self.isDigit(digit) else { return nil }
            while let digit = byte(at: index), Self.isDigit(digit) {
                take(digit, isFraction: true)
                index += 1
            }
        }
        if let marker = byte(at: index), marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
            index += 1
            var exponentSign = 1
            if let sign = byte(at: index), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                exponentSign = sign == UInt8(ascii: "-") ? -1 : 1
                index += 1
            }
            guard let digit = byte(at: index), Self.isDigit(digit) else { return nil }
            var written = 0
            while let digit = byte(at: index), Self.isDigit(digit) {
                // Far beyond any finite Double either way; capped so it cannot overflow.
                written = min(written * 10 + Int(digit &- UInt8(ascii: "0")), 1_000_000)
                index += 1
            }
            exponent += exponentSign * written
        }
        end = index
        let magnitude: Double
        if significand == 0 {
            magnitude = 0
        } else if !isTruncated, significand <= 1 << 53, abs(exponent) < Self.exactPowersOfTen.count {
            // Both operands exact, so the one rounding of the product or quotient gives the
            // nearest Double (Clinger's fast path): most numbers in bodies end here.
            let scale = Self.exactPowersOfTen[abs(exponent)]
            magnitude = exponent < 0 ? Double(significand) / scale : Double(significand) * scale
        } else {
            // Everything else through the C library's correctly rounded conversion.
            guard let parsed = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)),
                parsed.isFinite
            else { return nil }
            magnitude = parsed.magnitude
        }
        guard magnitude != 0 || isZeroToJSONDecoder() else { return nil }
        return negative ? -magnitude : magnitude
    }

    /// Whether JSONDecoder takes this number, which converted to zero, for a zero rather than
    /// for an underflow (which it refuses). It decides by the first byte that is a digit 1–9
    /// (underflow) or an exponent marker (zero), scanning the text in runs of four bytes and
    /// the last one to three bytes from the end backwards: so `0e1` is refused while `0e10`,
    /// `-0e1` and `0e+1` are zeros, and `1e-400` is refused.
    private func isZeroToJSONDecoder() -> Bool {
        func verdict(_ byte: UInt8) -> Bool? {
            switch byte {
            case UInt8(ascii: "1")...UInt8(ascii: "9"): false
            case UInt8(ascii: "e"), UInt8(ascii: "E"): true
            default: nil
            }
        }
        let runs = start + (end - start) / 4 * 4
        for index in start..<runs {
            if let verdict = verdict(bytes[index]) { return verdict }
        }
        for index in (runs..<end).reversed() {
            if let verdict = verdict(bytes[index]) { return verdict }
        }
        return true
    }

    private func byte(at index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
}
