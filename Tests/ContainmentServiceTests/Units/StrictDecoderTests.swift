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

    /// The field `body` is refused for, or its problem's detail.
    private func refusal<Model: Decodable>(_: Model.Type, _ body: String) -> String? {
        do {
            _ = try JSONCoding.decode(Model.self, from: Array(body.utf8))
            return nil
        } catch {
            return error.code == "unknown_field" ? error.field : error.detail
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

    /// The settings groups read their fields from the spec's and the patch's own object: one
    /// of each is decoded into its group, a misspelt one is named, a repeated one refused.
    @Test(arguments: ["statusBarHiden", "isModalInPresentaton", "unwindAction", "shouldSelct"])
    func aSettingsGroupsFieldsAreCheckedInTheirObject(misspelt: String) throws {
        let fields = #""statusBarHidden": true, "isModalInPresentation": true, "unwindActions": {"u": true}, "shouldSelect": true"#
        let spec = try JSONCoding.decode(ControllerSpec.self, from: Array("{\"id\": \"a\", \"kind\": \"tabBarController\", \(fields)}".utf8))
        #expect(spec.statusBarSettings.statusBarHidden == true && spec.presentationSettings.isModalInPresentation == true)
        #expect(spec.segueSettings.unwindActions == ["u": true] && spec.answers.shouldSelect == true)
        let patch = try JSONCoding.decode(ControllerPatch.self, from: Array("{\(fields)}".utf8))
        #expect(patch.statusBarSettings.statusBarHidden == true && patch.presentationSettings.isModalInPresentation == true)
        #expect(patch.segueSettings.unwindActions == ["u": true] && patch.answers.shouldSelect == .some(true))
        #expect(refusal(ControllerSpec.self, "{\"id\": \"a\", \"\(misspelt)\": true}") == misspelt)
        #expect(refusal(ControllerPatch.self, "{\"\(misspelt)\": true}") == misspelt)
        #expect(throws: Problem.self) {
            try JSONCoding.decode(ControllerPatch.self, from: Array(#"{"statusBarHidden": true, "statusBarHidden": false}"#.utf8))
        }
    }
}
