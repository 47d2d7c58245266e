import Containment
import FoundationEssentials
import Testing

@testable import ContainmentService

/// The quick `/calls` body decoder must either agree with JSONDecoder or step aside.
@Suite struct CallsBodyQuickDecodingTests {
    private func decoded(_ json: String) -> CallsBody? {
        try? JSONDecoder().decode(CallsBody.self, from: Data(json.utf8))
    }

    @Test(arguments: [
        #"{"calls":[{"receiver":"root","method":"addChild","args":{"child":"a"}}]}"#,
        #" { "atomic" : true , "calls" : [ { "method" : "willMove" , "receiver" : "a" , "args" : { "toParent" : null } } ] } "#,
        #"{"calls":[{"receiver":"a.view","method":"removeFromSuperview","args":null},{"receiver":"é","method":"m"}],"atomic":null}"#,
        #"{"calls":[],"extra":{"x":[true,false,null,{"y":"z"}]}}"#,
        #"{"calls":[{"receiver":"r","method":"m","args":{"list":["a",["b"]],"flag":false}}]}"#,
    ])
    func plainBodiesDecodeAsJSONDecoderDoes(json: String) throws {
        let quick = try #require(CallsBody(quickJSON: Array(json.utf8)))
        let expected = try #require(decoded(json))
        #expect(quick.calls == expected.calls)
        #expect(quick.atomic == expected.atomic)
    }

    @Test(arguments: [
        #"{"calls":[{"receiver":"r","method":"m","args":{"duration":0.3}}]}"#,  // numbers
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
    ])
    func everythingElseIsLeftToJSONDecoder(json: String) {
        #expect(CallsBody(quickJSON: Array(json.utf8)) == nil)
    }

    @Test func invalidUTF8IsLeftToJSONDecoder() {
        var bytes = Array(#"{"calls":[{"receiver":"r","method":"m"}]}"#.utf8)
        bytes[23] = 0xFF
        #expect(CallsBody(quickJSON: bytes) == nil)
    }
}
