import Containment
import FoundationEssentials
import Testing

@testable import ContainmentService

/// The quick parser reads numbers (`JSONNumberReader`): each one it accepts must be the
/// `Double` JSONDecoder gives, bit for bit, and each one JSONDecoder refuses must be left to
/// JSONDecoder, so its problem is the one the client gets (the route decodes with JSONDecoder
/// whenever the quick parser returns nil).
@Suite struct JSONNumberReaderTests {
    /// A `/calls` body whose one call carries `text` as its argument `n`.
    private static func body(_ text: String) -> [UInt8] {
        Array(#"{"calls":[{"receiver":"r","method":"m","args":{"n":\#(text)}}]}"#.utf8)
    }

    private static func quick(_ text: String) -> Double?? {
        guard let body = CallsBody(quickJSON: body(text)) else { return nil }
        return .some(body.calls.first?.args?["n"]?.numberValue)
    }

    private static func full(_ text: String) -> Result<Double?, Problem> {
        Result { () throws(Problem) in
            try JSONCoding.decode(CallsBody.self, from: body(text)).calls.first?.args?["n"]?.numberValue
        }
    }

    @Test(arguments: [
        // integers, negatives, zero and negative zero
        "0", "7", "-12", "123456789", "-0", "9007199254740992", "9007199254740993", "18446744073709551616",
        "123456789012345678901234567890", "-9223372036854775809",
        // fractions
        "0.5", "-0.25", "3.14159", "0.1", "0.0", "-0.0", "1.000000000000000000001", "0.30000000000000004441",
        "0.000001", "100.25",
        // exponents
        "1e3", "1E3", "1e+3", "1e-3", "2.5e-3", "-1E-7", "1e22", "1e23", "4e-22", "5e-23", "0e999999", "0.0e-5",
        "0e0", "0e10", "0e+1", "0e-1", "-0e1", "0.0e1", "0.0e7",
        // bounds of Double's range
        "1.7976931348623157e308", "-1.7976931348623157e308", "2.2250738585072014e-308", "4.9e-324", "5e-324",
        "2.5e-324", "3e-324", "1.7976931348623158e308",
    ])
    func numbersReadAsJSONDecoderReadsThem(text: String) throws {
        let expected = try #require(try Self.full(text).get())
        let quick = try #require(Self.quick(text), "fell back: \(text)")
        let value = try #require(quick)
        #expect(value.bitPattern == expected.bitPattern, "\(text): \(value) vs JSONDecoder's \(expected)")
    }

    @Test(arguments: [
        "01", "-01", "00", "+1", "-", ".5", "1.", "1.e3", "1e", "1e+", "1e-", "--1", "0x10", "1.2.3", "1e3e3",
        "NaN", "Infinity", "-Infinity", "1e400", "-1e400", "1.8e308", "1_000", "1 2", "- 1", "1.5f",
        // not zero, but nearer to zero than to the smallest Double: JSONDecoder refuses these
        "1e-400", "-1e-400", "2e-324", "0.0000001e-320",
        // zeros JSONDecoder takes for underflows: its check reads the last bytes backwards
        "0e1", "0E9", "0.00e1",
    ])
    func malformedNumbersAreLeftToJSONDecoder(text: String) {
        #expect(Self.quick(text) == nil, "quick parser accepted \(text)")
        #expect(throws: Problem.self, "JSONDecoder accepted \(text)") { try Self.full(text).get() }
    }

    /// The recipe bodies read numbers the same way: `duration`, a `frame`.
    @Test func recipeBodiesReadNumbers() throws {
        let transition = Array(#"{"from":"a","to":"b","duration":2.5e-1,"options":["transitionCrossDissolve"]}"#.utf8)
        #expect(TransitionBody(quickJSON: transition) == (try JSONCoding.decode(TransitionBody.self, from: transition)))
        #expect(TransitionBody(quickJSON: transition)?.duration == 0.25)
        let child = Array(#"{"child":"c","frame":{"x":0,"y":-20.5,"width":375,"height":667},"animated":false}"#.utf8)
        #expect(AddChildBody(quickJSON: child) == (try JSONCoding.decode(AddChildBody.self, from: child)))
        #expect(AddChildBody(quickJSON: child)?.frame == Rect(x: 0, y: -20.5, width: 375, height: 667))
    }

    /// Number texts generated from a fixed seed — most by JSON's grammar, some broken by one
    /// edit — each read by both decoders: the quick parser must answer exactly when JSONDecoder
    /// accepts, with the same bits.
    @Test func generatedNumbersMatchJSONDecoder() throws {
        var generator = NumberTextGenerator(seed: 0xD0_0B1E)
        var accepted = 0
        var refused = 0
        for _ in 0..<4_000 {
            let text = generator.text()
            switch Self.full(text) {
            case .success(let expected?):
                accepted += 1
                let quick = Self.quick(text)
                #expect(quick != nil, "fell back on a number JSONDecoder reads: \(text)")
                if let value = quick ?? nil {
                    #expect(value.bitPattern == expected.bitPattern, "\(text): \(value) vs JSONDecoder's \(expected)")
                }
            case .success(nil):
                Issue.record("JSONDecoder read no number from \(text)")
            case .failure:
                refused += 1
                #expect(Self.quick(text) == nil, "quick parser accepted what JSONDecoder refuses: \(text)")
            }
        }
        #expect(accepted > 2_000)
        #expect(refused > 200)
    }
}

/// Random number texts (SplitMix64, so every run sees the same ones).
private struct NumberTextGenerator {
    private var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    mutating func text() -> String {
        var text = chance(3) ? "-" : ""
        text += chance(5) ? "0" : digits(first: "123456789", count: 1 + Int(next() % 25))
        if chance(2) { text += "." + digits(first: "0123456789", count: 1 + Int(next() % 20)) }
        if chance(2) {
            text += oneOf(["e", "E"]) + oneOf(["", "+", "-"])
            text += digits(first: "0123456789", count: 1 + Int(next() % 3))
        }
        if chance(8) { text = broken(text) }
        return text
    }

    /// One edit that usually leaves JSON's number grammar (and sometimes does not).
    private mutating func broken(_ text: String) -> String {
        var characters = Array(text)
        let position = Int(next() % UInt64(characters.count + 1))
        switch next() % 3 {
        case 0: characters.insert(Character(oneOf(["0", ".", "e", "-", "+", "x", " "])), at: position)
        case 1 where !characters.isEmpty: characters.remove(at: min(position, characters.count - 1))
        default: characters = Array(oneOf(["0", ".", "-", "+"])) + characters
        }
        return characters.isEmpty ? "-" : String(characters)
    }

    private mutating func digits(first: String, count: Int) -> String {
        var text = String(Array(first)[Int(next() % UInt64(first.count))])
        for _ in 1..<max(count, 1) { text.append(Array("0123456789")[Int(next() % 10)]) }
        return text
    }

    private mutating func oneOf(_ items: [String]) -> String { random.oneOf(items) }

    private mutating func chance(_ n: UInt64) -> Bool { random.chance(n) }

    private mutating func next() -> UInt64 { random.next() }
}
