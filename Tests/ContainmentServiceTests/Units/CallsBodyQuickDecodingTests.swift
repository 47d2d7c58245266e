import Containment
import FoundationEssentials
import Testing

@testable import ContainmentService

/// The quick `/calls` body decoder must either agree with the strict JSON decoder or step aside.
@Suite struct CallsBodyQuickDecodingTests {
    private func decoded(_ json: String) -> CallsBody? {
        try? JSONCoding.decode(CallsBody.self, from: Array(json.utf8))
    }

    @Test(arguments: [
        #"{"calls":[{"receiver":"root","method":"addChild","args":{"child":"a"}}]}"#,
        #" { "atomic" : true , "calls" : [ { "method" : "willMove" , "receiver" : "a" , "args" : { "toParent" : null } } ] } "#,
        #"{"calls":[{"receiver":"a.view","method":"removeFromSuperview","args":null},{"receiver":"é","method":"m"}],"atomic":null}"#,
        #"{"calls":[{"receiver":"r","method":"m","args":{"list":["a",["b"]],"flag":false}}]}"#,
        #"{"calls":[{"receiver":"r","method":"m","args":{"duration":0.3,"at":2,"frame":{"x":-1.5e1,"y":0,"width":375,"height":6.67E2}}}]}"#,
    ])
    func plainBodiesDecodeAsJSONDecoderDoes(json: String) throws {
        let quick = try #require(CallsBody(quickJSON: Array(json.utf8)))
        let expected = try #require(decoded(json))
        #expect(quick.calls == expected.calls)
        #expect(quick.atomic == expected.atomic)
    }

    @Test(arguments: [
        #"{"calls":[{"receiver":"r","method":"m","args":{"duration":01}}]}"#,  // malformed number
        #"{"calls":[{"receiver":"r","method":"m","args":{"duration":1e400}}]}"#,  // beyond Double
        #"{"calls":[{"receiver":"r\u00e9","method":"m"}]}"#,  // escapes
        #"{"calls":[{"receiver":"r","method":"m"}],"calls":[]}"#,  // duplicate key
        #"{"calls":[{"receiver":"r"}]}"#,  // missing method
        #"{"calls":[{"receiver":1,"method":"m"}]}"#,  // wrong type
        #"{"calls":[{"receiver":"r","method":"m","args":[]}]}"#,  // args not an object
        #"{"calls":[],"atomic":"yes"}"#,
        #"{"calls":[] "#,
        #"{"calls":[]} x"#,
        #"{"calls":[],}"#,
        #"[]"#,
        #"{"calls":[{"receiver":"r","method":"m"}]"#,
        #"{"calls":[],"extra":{"x":[true,false,null,{"y":"z"}]}}"#,  // unknown field: refused by name
        #"{"calls":[{"receiver":"r","method":"m","note":1}]}"#,
    ])
    func everythingElseIsLeftToJSONDecoder(json: String) {
        #expect(CallsBody(quickJSON: Array(json.utf8)) == nil)
    }

    @Test func invalidUTF8IsLeftToJSONDecoder() {
        var bytes = Array(#"{"calls":[{"receiver":"r","method":"m"}]}"#.utf8)
        bytes[23] = 0xFF
        #expect(CallsBody(quickJSON: bytes) == nil)
    }

    /// Bodies generated from a fixed seed, plain ones (numbers included) and ones with escapes,
    /// duplicate keys, wrong types and truncations mixed in: a quick answer must always
    /// equal JSONDecoder's, and a plain body must always get one.
    @Test func generatedBodiesDecodeAsJSONDecoderDoesOrFallBack() throws {
        var generator = BodyGenerator(seed: 0x5EED)
        var quickAnswers = 0
        for _ in 0..<2_000 {
            let (json, plain) = generator.body()
            let quick = CallsBody(quickJSON: Array(json.utf8))
            let expected = decoded(json)
            if plain { #expect(quick != nil, "plain body fell back: \(json)") }
            guard let quick else { continue }
            quickAnswers += 1
            let reference = try #require(expected, "quick decoded what JSONDecoder refuses: \(json)")
            #expect(quick.calls == reference.calls, "\(json)")
            #expect(quick.atomic == reference.atomic, "\(json)")
        }
        #expect(quickAnswers > 200)
    }
}

/// Random `/calls` bodies (SplitMix64, so every run sees the same ones). `plain` tells
/// whether the body uses only what the quick decoder handles.
private struct BodyGenerator {
    private var random: SplitMix64
    private var plain = true

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    mutating func body() -> (json: String, plain: Bool) {
        plain = true
        var members: [String] = []
        members.append(member("calls", calls()))
        if chance(3) { members.append(member("atomic", oneOf(["true", "false", "null"]) ?? "true")) }
        if chance(10) {
            plain = false
            members.append(member("atomic", oneOf(["\"yes\"", "1", "[]"]) ?? "1"))
        }
        if chance(5) {
            plain = false
            members.append(member("extra", value(depth: 0)))
        }
        if chance(20) {
            plain = false
            members.append(member("calls", "[]"))
        }
        var json = object(shuffled(members))
        if chance(25) {
            plain = false
            json = String(json.dropLast(Int(next() % 3) + 1))
        }
        if chance(25) {
            plain = false
            json += oneOf([",", " x", "}"]) ?? ","
        }
        return (json, plain)
    }

    private mutating func calls() -> String {
        if chance(30) {
            plain = false
            return oneOf(["null", "{}", "\"calls\""]) ?? "null"
        }
        return "[" + (0..<Int(next() % 5)).map { _ in call() }.joined(separator: ",") + space() + "]"
    }

    private mutating func call() -> String {
        var members: [String] = []
        if chance(30) { plain = false } else { members.append(member("receiver", string())) }
        if chance(30) { plain = false } else { members.append(member("method", string())) }
        switch next() % 6 {
        case 0: members.append(member("args", "null"))
        case 1, 2: members.append(member("args", args()))
        case 3:
            plain = false
            members.append(member("args", oneOf(["[]", "\"a\"", "true"]) ?? "[]"))
        default: break
        }
        if chance(6) {
            plain = false
            members.append(member("note", value(depth: 1)))
        }
        if chance(30) {
            plain = false
            members.append(member(oneOf(["receiver", "method", "args"]) ?? "args", "null"))
        }
        if chance(30) {
            plain = false
            members.append(member("receiver", "7"))
        }
        return object(shuffled(members))
    }

    private mutating func args() -> String {
        let keys = ["child", "view", "toParent", "animated", "list", "frame"]
        var members: [String] = []
        for key in keys where chance(3) { members.append(member(key, value(depth: 1))) }
        return object(members)
    }

    private mutating func value(depth: Int) -> String {
        switch next() % (depth > 3 ? 4 : 6) {
        case 0: return string()
        case 1: return oneOf(["true", "false"]) ?? "true"
        case 2: return "null"
        case 3: return oneOf(["0", "0.5", "-1", "1e3", "20", "-0", "2.5E-3", "1e22", "123456789012345678901"]) ?? "1"
        case 4: return "[" + (0..<Int(next() % 3)).map { _ in space() + value(depth: depth + 1) }.joined(separator: ",") + "]"
        default:
            var members: [String] = []
            for key in ["a", "b", "c"] where chance(2) { members.append(member(key, value(depth: depth + 1))) }
            return object(members)
        }
    }

    private mutating func string() -> String {
        if chance(15) {
            plain = false
            return oneOf([#""a\nb""#, #""r\u00e9""#, #""q\"""#, #""\/""#]) ?? #""\n""#
        }
        return "\"" + (oneOf(["root", "a", "root.view", "w0-1", "é", "ü.view", "addChild", "didMove", "", "a b"]) ?? "a") + "\""
    }

    private mutating func member(_ key: String, _ value: String) -> String {
        space() + "\"\(key)\"" + space() + ":" + space() + value
    }

    private mutating func object(_ members: [String]) -> String {
        "{" + members.joined(separator: ",") + space() + "}"
    }

    private mutating func space() -> String { oneOf(["", "", "", " ", "\n  ", "\t"]) ?? "" }

    private mutating func shuffled(_ items: [String]) -> [String] { random.shuffled(items) }

    private mutating func oneOf(_ items: [String]) -> String? { items.isEmpty ? nil : random.oneOf(items) }

    private mutating func chance(_ n: UInt64) -> Bool { random.chance(n) }

    private mutating func next() -> UInt64 { random.next() }
}
