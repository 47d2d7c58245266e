import Containment
import FoundationEssentials
import Testing

@testable import ContainmentService

/// The quick decoders of the recipe bodies (`TransitionBody`, `AddChildBody`) must either agree
/// with the strict JSON decoder or step aside, and must not step aside for a plain body.
@Suite struct RecipeBodiesQuickDecodingTests {
    @Test(arguments: [
        #"{"from":"a","to":"b"}"#,
        #" { "to" : "b" , "from" : "a" , "duration" : 0 , "options" : [ ] } "#,
        #"{"from":"a","to":"b","duration":null,"options":null}"#,
        #"{"from":"é","to":"b","duration":1.5,"options":["transitionCrossDissolve","curveEaseIn"]}"#,
    ])
    func plainTransitionBodiesDecodeAsJSONDecoderDoes(json: String) throws {
        let bytes = Array(json.utf8)
        #expect(try #require(TransitionBody(quickJSON: bytes)) == (try JSONCoding.decode(TransitionBody.self, from: bytes)))
    }

    @Test(arguments: [
        #"{"child":"c"}"#,
        #"{"child":"c","containerView":"root.view","frame":{"height":2,"width":1,"y":0,"x":-3},"animated":true}"#,
        #"{"child":"c","containerView":null,"frame":null,"animated":null}"#,
    ])
    func plainAddChildBodiesDecodeAsJSONDecoderDoes(json: String) throws {
        let bytes = Array(json.utf8)
        #expect(try #require(AddChildBody(quickJSON: bytes)) == (try JSONCoding.decode(AddChildBody.self, from: bytes)))
    }

    @Test(arguments: [
        #"{"from":"a"}"#,  // missing
        #"{"from":"a","to":"b","to":"c"}"#,  // duplicate
        #"{"from":"a","to":"b","duration":"1"}"#,  // wrong type
        #"{"from":"a","to":"b","options":"curveEaseIn"}"#,
        #"{"from":"a","to":"b","options":[null]}"#,
        #"{"from":"a","to":"b","extra":1}"#,  // unknown: refused by name
        #"{"from":"a\n","to":"b"}"#,  // escape
        #"{"from":"a","to":"b","duration":1e999}"#,
        #"{"from":"a","to":"b"} x"#,
        #"{"child":"c","frame":{"x":0,"y":0,"width":1}}"#,  // frame without height
        #"{"child":"c","frame":{"x":0,"y":0,"width":1,"height":2,"depth":3}}"#,
        #"{"child":"c","animated":1}"#,
    ])
    func everythingElseIsLeftToJSONDecoder(json: String) {
        let bytes = Array(json.utf8)
        #expect(TransitionBody(quickJSON: bytes) == nil)
        #expect(AddChildBody(quickJSON: bytes) == nil)
    }

    /// Bodies generated from a fixed seed with every member a recipe body knows, valid or not,
    /// shuffled, duplicated, or joined by an unknown one: each goes through both quick decoders
    /// and both strict ones.
    @Test func generatedBodiesDecodeAsJSONDecoderDoesOrFallBack() throws {
        var generator = RecipeBodyGenerator(seed: 0xB0D1E5)
        var answers = (transition: 0, child: 0)
        for _ in 0..<3_000 {
            let (json, plain) = generator.body()
            let bytes = Array(json.utf8)
            let transition = TransitionBody(quickJSON: bytes)
            let strictTransition = try? JSONCoding.decode(TransitionBody.self, from: bytes)
            if let transition {
                answers.transition += 1
                #expect(transition == strictTransition, "\(json)")
            } else if plain == .transition {
                Issue.record("plain transition body fell back: \(json)")
            }
            let child = AddChildBody(quickJSON: bytes)
            let strictChild = try? JSONCoding.decode(AddChildBody.self, from: bytes)
            if let child {
                answers.child += 1
                #expect(child == strictChild, "\(json)")
            } else if plain == .child {
                Issue.record("plain add-child body fell back: \(json)")
            }
        }
        #expect(answers.transition > 300)
        #expect(answers.child > 300)
    }
}

/// Random recipe bodies (SplitMix64). `plain` names the body type whose quick decoder must
/// answer, when the body is one of those without anything it steps aside for.
private struct RecipeBodyGenerator {
    enum Kind { case transition, child, neither }

    private var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    mutating func body() -> (json: String, plain: Kind) {
        var kind: Kind = chance(2) ? .transition : .child
        var members: [String]
        switch kind {
        case .transition:
            members = [member("from", string()), member("to", string())]
            if chance(2) { members.append(member("duration", chance(4) ? "null" : number())) }
            if chance(2) { members.append(member("options", chance(4) ? "null" : options())) }
        default:
            members = [member("child", string())]
            if chance(2) { members.append(member("containerView", chance(3) ? "null" : string())) }
            if chance(2) { members.append(member("frame", chance(4) ? "null" : frame())) }
            if chance(2) { members.append(member("animated", oneOf(["true", "false", "null"]))) }
        }
        if chance(6) {
            kind = .neither
            members.remove(at: Int(next() % UInt64(members.count)))
        }
        if chance(6), !members.isEmpty {
            kind = .neither
            members.append(members[Int(next() % UInt64(members.count))])
        }
        if chance(6) {
            kind = .neither
            let key = oneOf(["from", "to", "duration", "options", "child", "containerView", "frame", "animated", "extra"])
            members.append(member(key, oneOf(["1", "\"x\"", "[1]", "{}", "true", "\"a\\nb\"", "01", "1e999"])))
        }
        return (space() + "{" + shuffled(members).joined(separator: ",") + space() + "}" + space(), kind)
    }

    private mutating func frame() -> String {
        let members = ["x", "y", "width", "height"].map { member($0, number()) }
        return "{" + shuffled(members).joined(separator: ",") + "}"
    }

    private mutating func options() -> String {
        "[" + (0..<Int(next() % 3)).map { _ in space() + string() }.joined(separator: ",") + "]"
    }

    private mutating func number() -> String {
        oneOf(["0", "0.25", "-1", "1e3", "375", "-0", "2.5E-3", "667.5", "12345678901234567890", "1e-7"])
    }

    private mutating func string() -> String {
        "\"" + oneOf(["a", "b", "root.view", "w0-1", "é", "transitionCrossDissolve", ""]) + "\""
    }

    private mutating func member(_ key: String, _ value: String) -> String {
        space() + "\"\(key)\"" + space() + ":" + space() + value
    }

    private mutating func space() -> String { oneOf(["", "", " ", "\n  "]) }

    private mutating func shuffled(_ items: [String]) -> [String] { random.shuffled(items) }

    private mutating func oneOf(_ items: [String]) -> String { random.oneOf(items) }

    private mutating func chance(_ n: UInt64) -> Bool { random.chance(n) }

    private mutating func next() -> UInt64 { random.next() }
}
