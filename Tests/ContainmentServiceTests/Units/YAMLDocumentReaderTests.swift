import Testing

@testable import ContainmentService

/// The YAML reader writes the JSON a YAML body stands for, and refuses what JSON cannot say.
@Suite struct YAMLDocumentReaderTests {
    private func json(_ yaml: String) throws -> String {
        String(decoding: try YAMLDocumentReader.json(from: Array(yaml.utf8)), as: UTF8.self)
    }

    private func problem(_ yaml: String) -> Problem? {
        do {
            _ = try YAMLDocumentReader.json(from: Array(yaml.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func blockAndFlowCollections() throws {
        #expect(try json("a: 1\nb:\n  - x\n  - {c: [1, 2], d: {}}\ne: []\n") == #"{"a":1,"b":["x",{"c":[1,2],"d":{}}],"e":[]}"#)
        #expect(try json("- - 1\n  - 2\n- k: v\n") == #"[[1,2],{"k":"v"}]"#)
    }

    @Test(arguments: [
        ("~", "null"), ("null", "null"), ("NULL", "null"), ("", "null"),
        ("true", "true"), ("False", "false"), ("TRUE", "true"),
        ("42", "42"), ("-17", "-17"), ("+8", "8"), ("007", "7"), ("-0", "0"),
        ("0x1F", "31"), ("0o17", "15"), ("123456789012345678901234567890", "123456789012345678901234567890"),
        ("1.5", "1.5"), ("-.5", "-0.5"), ("2e3", "2000.0"), ("1.", "1.0"),
        ("yes", #""yes""#), ("0x", #""0x""#), ("1.2.3", #""1.2.3""#), ("Paris", #""Paris""#), ("12ab", #""12ab""#),
    ])
    func plainScalarsResolveByTheCoreSchema(yaml: String, expected: String) throws {
        #expect(try json("v: \(yaml)\n") == #"{"v":\#(expected)}"#)
    }

    @Test func quotedLiteralAndFoldedScalarsAreStrings() throws {
        #expect(try json("a: '42'\nb: \"true\"\nc: \"tab\\there \\\"q\\\"\"\n") == #"{"a":"42","b":"true","c":"tab\u0009here \"q\""}"#)
        #expect(try json("a: |\n  one\n  two\nb: >\n  one\n  two\n") == #"{"a":"one\u000atwo\u000a","b":"one two\u000a"}"#)
        #expect(try json("a: !!str 12\n") == #"{"a":"12"}"#)
    }

    @Test(arguments: [".inf", "-.Inf", "+.INF", ".nan", ".NaN", "1e999"])
    func nonFiniteNumbersAreRefused(value: String) {
        let refusal = problem("v: \(value)\n")
        #expect(refusal?.status == 400)
        #expect(refusal?.code == "malformed_yaml")
        #expect(refusal?.detail.contains("line 1, column 4") == true)
    }

    @Test func aliasesAreRefusedSoNoBombCanExpand() {
        let bomb = """
            a: &a ["x", "x", "x", "x", "x", "x", "x", "x", "x"]
            b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
            c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
            d: [*c, *c, *c, *c, *c, *c, *c, *c, *c]
            """
        let refusal = problem(bomb)
        #expect(refusal?.code == "malformed_yaml")
        #expect(refusal?.detail.contains("aliases") == true)
        #expect(refusal?.detail.contains("line 2, column") == true)
    }

    @Test func anchorsWithoutAliasesAreHarmless() throws {
        #expect(try json("a: &x 1\n") == #"{"a":1}"#)
    }

    @Test func duplicateKeysAreRefused() {
        let refusal = problem("id: a\nroot: {}\nid: b\n")
        #expect(refusal?.code == "malformed_yaml")
        #expect(refusal?.detail.contains("duplicate key `id` at line 3, column 1") == true)
    }

    @Test func complexKeysAreRefused() {
        #expect(problem("? [a]\n: 1\n")?.detail.contains("keys must be scalars") == true)
    }

    @Test func severalDocumentsAreRefused() throws {
        #expect(problem("a: 1\n---\nb: 2\n")?.detail.contains("more than one document at line 2") == true)
        #expect(try json("---\na: 1\n...\n") == #"{"a":1}"#)
    }

    @Test func emptyBodiesAndUnknownTagsAreRefused() {
        #expect(problem("")?.code == "malformed_yaml")
        #expect(problem("# only a comment\n")?.code == "malformed_yaml")
        #expect(problem("a: !custom 1\n")?.detail.contains("tag `!custom`") == true)
        #expect(problem("a: !!set {x}\n")?.detail.contains("not supported") == true)
    }

    @Test func syntaxErrorsSayWhere() {
        let refusal = problem("id: [unclosed\n")
        #expect(refusal?.code == "malformed_yaml")
        #expect(refusal?.detail.hasPrefix("The body is not valid YAML:") == true)
        #expect(refusal?.detail.contains("line 2") == true)
    }

    @Test func nestingIsBounded() throws {
        let depth = YAMLDocumentReader.maximumDepth
        #expect(try json(String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).count == 2 * depth)
        let refusal = problem(String(repeating: "[", count: depth + 1) + String(repeating: "]", count: depth + 1))
        #expect(refusal?.detail.contains("deeper than \(depth)") == true)
    }

    @Test func controlCharactersAndUnicodeSurviveAsJSON() throws {
        #expect(try json("a: \"\\x01é\\\\\"\n") == #"{"a":"\u0001é\\"}"#)
    }

    /// 60,000 keys in one mapping (818 KB) held a request thread for 30–44 s when every key
    /// insert copied the key set; linear now, so even a debug build is far inside the bound.
    @Test func wideMappingsParseInLinearTime() throws {
        let keys = 60_000
        let yaml = (0..<keys).map { "key\($0): \($0)\n" }.joined()
        var output: [UInt8] = []
        let elapsed = try ContinuousClock().measure { output = try YAMLDocumentReader.json(from: Array(yaml.utf8)) }
        #expect(output.first == UInt8(ascii: "{") && output.last == UInt8(ascii: "}"))
        #expect(output.count(where: { $0 == UInt8(ascii: ":") }) == keys)
        #expect(elapsed < .seconds(5), "60,000 keys took \(elapsed)")
    }

    @Test func duplicateKeysInWideMappingsAreStillFound() {
        let yaml = (0..<10_000).map { "key\($0): 1\n" }.joined() + "key9999: 2\n"
        #expect(problem(yaml)?.detail.contains("duplicate key `key9999`") == true)
    }
}
