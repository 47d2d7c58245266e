import Testing

@testable import ContainmentService

/// A JSON key given twice in one object is a 400 `duplicate_key` naming it, on every route that
/// reads a body, and changes nothing; JSONDecoder alone would let one of the values win.
@Suite struct DuplicateKeyTests {
    @Test(arguments: [
        ("POST", "/v1/trees", #"{"id": "t", "clock": "manual", "clock": "real"}"#, "clock"),
        ("PUT", "/v1/trees/t", #"{"root": {"id": "r", "title": "a", "title": "b"}}"#, "root.title"),
        ("POST", "/v1/trees", #"{"id": "t", "\u0069d": "u"}"#, "id"),
        ("POST", "/v1/trees/demo/controllers", #"{"id": "m", "children": [{"id": "c", "id": "d"}]}"#, "children[0].id"),
        ("PATCH", "/v1/trees/demo/controllers/root", #"{"title": "x", "title": "y"}"#, "title"),
        ("POST", "/v1/trees/demo/controllers/root/children", #"{"child": "a", "child": "b"}"#, "child"),
        ("POST", "/v1/trees/demo/controllers/root/transitions", #"{"from": "a", "to": "b", "to": "a"}"#, "to"),
        (
            "POST", "/v1/trees/demo/calls",
            #"{"calls": [{"receiver": "root", "method": "addChild", "args": {"child": "a", "child": "b"}}]}"#, "calls[0].args.child"
        ),
        ("POST", "/v1/trees/demo/clock", #"{"advance": 1, "advance": 2}"#, "advance"),
        ("POST", "/v1/compare", #"{"expected": [], "observed": [], "observed": []}"#, "observed"),
    ])
    func aKeyGivenTwiceIsRefusedAndChangesNothing(method: String, path: String, body: String, field: String) throws {
        let service = try TestService()
        try service.createTree("demo", root: #"{"id": "root", "children": [{"id": "a"}]}"#)
        try service.request("POST", "/v1/trees/demo/controllers", json: #"{"id": "b"}"#)
        let before = try service.request("GET", "/v1/trees/demo").text
        let reply = try service.request(method, path, json: body)
        #expect(reply.status == 400, "\(reply.text)")
        #expect(reply.json["code"].string == "duplicate_key")
        #expect(reply.json["field"].string == field)
        #expect(try service.request("GET", "/v1/trees/demo").text == before)
        #expect(try service.request("GET", "/v1/trees/t").status == 404)
    }

    @Test func keysAreComparedAsTheStringsTheyDenote() {
        #expect(JSONBodyCheck.check(Array(#"{"a": 1, "b": {"a": 2}}"#.utf8)) == nil)
        #expect(JSONBodyCheck.check(Array(#"[{"a": 1}, {"a": 2}]"#.utf8)) == nil)
        #expect(JSONBodyCheck.check(Array(#"{"\u00e9": 1, "é": 2}"#.utf8)) == .duplicateKey(key: "é", path: ""))
        #expect(JSONBodyCheck.check(Array(#"{"\ud83d\ude00": 1, "😀": 2}"#.utf8)) == .duplicateKey(key: "😀", path: ""))
        #expect(JSONBodyCheck.check(Array(#"{"x": [1, {"q\"": 1, "q\u0022": 2}]}"#.utf8)) == .duplicateKey(key: "q\"", path: "x[1]"))
        // Malformed documents are JSONDecoder's to refuse, with its own message.
        #expect(JSONBodyCheck.check(Array(#"{"a": 1 "a": 2}"#.utf8)) == nil)
        // Objects are counted, nested ones too.
        #expect(JSONBodyCheck.check(Array(#"[{}, {"a": {}}]"#.utf8), maxObjects: 3) == nil)
        #expect(JSONBodyCheck.check(Array(#"[{}, {"a": {}}, {}]"#.utf8), maxObjects: 3) == .tooManyObjects)
    }
}
