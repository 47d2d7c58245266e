import Containment
import FoundationEssentials
import Testing

@testable import ContainmentService

/// The strict decoder knows a model's fields from what its `init(from:)` reads, so any
/// Decodable (a field added tomorrow included) is checked without a list of keys.
@Suite struct StrictDecoderTests {
    struct Inner: Decodable {
        var name: String
        var note: String?
    }

    struct Outer: Decodable {
        var inner: Inner?
        var list: [Inner]
        var free: [String: JSONValue]?
        var nested: [[Inner]]?
    }

    private func unknownField(_ json: String) -> String? {
        do {
            _ = try JSONCoding.decode(Outer.self, from: Array(json.utf8))
            return nil
        } catch {
            return error.code == "unknown_field" ? error.field : "other: \(error.detail)"
        }
    }

    @Test func knownFieldsAndFreeFormValuesPass() {
        #expect(unknownField(#"{"list": [{"name": "a", "note": null}], "free": {"anything": {"goes": [1]}}, "inner": null}"#) == nil)
    }

    @Test(arguments: [
        (#"{"list": [], "extra": 1}"#, "extra"),
        (#"{"list": [{"name": "a"}, {"name": "b", "nmae": "x"}]}"#, "list[1].nmae"),
        (#"{"list": [], "inner": {"name": "a", "x": null}}"#, "inner.x"),
        (#"{"list": [], "nested": [[], [{"name": "a", "deep": true}]]}"#, "nested[1][0].deep"),
    ])
    func unknownFieldsAreNamedByPath(json: String, field: String) {
        #expect(unknownField(json) == field)
    }

    @Test func otherErrorsKeepTheirOwnProblem() {
        #expect(unknownField(#"{"list": [{"nmae": "a"}]}"#) == "other: Missing required field `list[0].name`.")
        #expect(unknownField(#"{"list": null}"#)?.hasPrefix("other: Field `list` must not be null") == true)
    }

    @Test func everyRequestModelIsCheckedWhateverItsFields() throws {
        // ControllerPatch reads its clearable fields through contains/decodeNil: still known.
        let patch = try JSONCoding.decode(ControllerPatch.self, from: Array(#"{"title": null, "childForStatusBarStyle": "a"}"#.utf8))
        #expect(patch.title == .some(nil))
        #expect(throws: Problem.self) {
            try JSONCoding.decode(ControllerPatch.self, from: Array(#"{"title": null, "titel": "x"}"#.utf8))
        }
    }
}
