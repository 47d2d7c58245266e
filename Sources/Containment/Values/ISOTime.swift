/// Formats and parses times as ISO-8601 UTC strings with milliseconds without Foundation,
/// so the engine stays pure and the same on every platform.
public enum ISOTime {
    /// The representable range: years 0001 to 9999.
    static let earliest = -62_135_596_800.0
    static let latest = 253_402_300_799.999

    /// `seconds` since 1970 as e.g. `2026-11-21T10:00:00.123Z`; clamped to years 0001–9999
    /// (NaN reads as 1970) so no input can trap.
    public static func string(from seconds: Double) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        append(seconds, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `string(from: seconds)` as UTF-8, for writers that build JSON bytes directly
    /// (every event carries a time, and a `String` per event allocates).
    public static func append(_ seconds: Double, to bytes: inout [UInt8]) {
        let clamped = seconds.isNaN ? 0 : min(max(seconds, earliest), latest)
        let totalMilliseconds = Int64((clamped * 1000).rounded())
        var days = totalMilliseconds >= 0 ? totalMilliseconds / 86_400_000 : (totalMilliseconds - 86_399_999) / 86_400_000
        let millisecondsOfDay = totalMilliseconds - days * 86_400_000
        // Howard Hinnant's civil_from_days.
        days += 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        // Clamping keeps every field within its width, so each is written zero-padded.
        func digits(_ value: Int64, _ width: Int) {
            var divisor: Int64 = 1
            for _ in 1..<width { divisor *= 10 }
            while divisor > 0 {
                bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
                divisor /= 10
            }
        }
        digits(year, 4)
        bytes.append(UInt8(ascii: "-"))
        digits(month, 2)
        bytes.append(UInt8(ascii: "-"))
        digits(day, 2)
        bytes.append(UInt8(ascii: "T"))
        digits(millisecondsOfDay / 3_600_000, 2)
        bytes.append(UInt8(ascii: ":"))
        digits(millisecondsOfDay / 60_000 % 60, 2)
        bytes.append(UInt8(ascii: ":"))
        digits(millisecondsOfDay / 1000 % 60, 2)
        bytes.append(UInt8(ascii: "."))
        digits(millisecondsOfDay % 1000, 3)
        bytes.append(UInt8(ascii: "Z"))
    }

    /// Parses what `string(from:)` produces (fraction optional); nil if malformed.
    public static func seconds(from text: String) -> Double? {
        let characters = Array(text.utf8)
        func number(_ start: Int, _ count: Int) -> Int64? {
            guard start + count <= characters.count else { return nil }
            var value: Int64 = 0
            for character in characters[start..<start + count] {
                guard character >= 48, character <= 57 else { return nil }
                value = value * 10 + Int64(character - 48)
            }
            return value
        }
        guard characters.count >= 20, characters[4] == 45, characters[7] == 45, characters[10] == 84,
            characters[13] == 58, characters[16] == 58, characters.last == 90,
            let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var fraction = 0.0
        if characters.count > 20 {
            guard characters[19] == 46, characters.count > 21, characters.count <= 30,
                let digits = number(20, characters.count - 21)
            else { return nil }
            fraction = Double(digits) / pow10(characters.count - 21)
        }
        // Howard Hinnant's days_from_civil.
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Double(days * 86400 + hour * 3600 + minute * 60 + second) + fraction
    }

    private static func pow10(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<exponent { result *= 10 }
        return result
    }
}
