import Containment
import Foundation
import Testing

/// Popovers and system controllers through HTTP (docs/uikit-rules-presentation.md, rules
/// 47–49): the spec, PATCH and snapshot fields, the anchorless popover's 409, and the tap
/// outside a popover.
@Suite struct PopoverRouteTests {
    /// A regular-width window showing `root`.
    private func regularService() throws -> TestService {
        let service = try TestService(.router)
        let tree = try service.request(
            "POST", "/v1/trees",
            json:
                #"{"id": "pad", "clock": "manual", "window": {"size": {"width": 1024, "height": 768}, "horizontalSizeClass": "regular"}, "root": {"id": "root"}}"#
        )
        try #require(tree.status == 201, "\(tree.text)")
        return service
    }

    private func calls(_ service: TestService, _ calls: String) throws -> Reply {
        try service.request("POST", "/v1/trees/pad/calls", json: #"{"calls": \#(calls)}"#)
    }

    @Test func theAnchorIsASpecPatchAndSnapshotFieldAndItsAbsenceIsA409() throws {
        let service = try regularService()
        let created = try service.request(
            "POST", "/v1/trees/pad/controllers", json: #"{"id": "share", "kind": "activityViewController"}"#)
        #expect(created.status == 201, "\(created.text)")
        let refused = try calls(service, #"[{"receiver": "root", "method": "present", "args": {"viewController": "share"}}]"#)
        #expect(refused.status == 409)
        #expect(refused.json["title"].string == "NSGenericException")
        #expect(refused.json["code"].string == "popover_without_anchor")
        #expect(refused.json["detail"].string?.hasPrefix("Your application has presented a UIActivityViewController (<share>).") == true)
        let unknown = try service.request(
            "PATCH", "/v1/trees/pad/controllers/share", json: #"{"popoverPresentationController": {"sourceItem": "x"}}"#)
        #expect(unknown.status == 400)
        let patched = try service.request(
            "PATCH", "/v1/trees/pad/controllers/share", json: #"{"popoverPresentationController": {"sourceView": "root.view"}}"#)
        #expect(patched.status == 200, "\(patched.text)")
        #expect(patched.json["controller"]["popoverPresentationController"]["permittedArrowDirections"].array.map(\.string) == ["any"])
        let present = try calls(service, #"[{"receiver": "root", "method": "present", "args": {"viewController": "share", "animated": false}}]"#)
        #expect(present.status == 200, "\(present.text)")
        #expect(try service.request("GET", "/v1/trees/pad/controllers/share").json["presentationStyle"].string == "popover")
        let tap = try calls(service, #"[{"receiver": "window", "method": "tapOutsidePopover"}]"#)
        #expect(tap.status == 200, "\(tap.text)")
        #expect(tap.callbacks.first == "share.presentationControllerShouldDismiss")
    }

    @Test func theSystemFieldsShowWithTheirDefaults() throws {
        let service = try regularService()
        let alert = try service.request("POST", "/v1/trees/pad/controllers", json: #"{"id": "alert", "kind": "alertController"}"#)
        #expect(alert.status == 201, "\(alert.text)")
        #expect(try service.request("GET", "/v1/trees/pad/controllers/alert").json["preferredStyle"].string == "alert")
        let picker = try service.request("POST", "/v1/trees/pad/controllers", json: #"{"id": "picker", "kind": "imagePickerController"}"#)
        #expect(picker.status == 201, "\(picker.text)")
        #expect(try service.request("GET", "/v1/trees/pad/controllers/picker").json["sourceType"].string == "photoLibrary")
        let plain = try service.request("POST", "/v1/trees/pad/controllers", json: #"{"id": "plain", "preferredStyle": "alert"}"#)
        #expect(plain.status == 400)
        #expect(plain.json["field"].string == "preferredStyle")
        let readOnly = try service.request("PATCH", "/v1/trees/pad/controllers/alert", json: #"{"preferredStyle": "actionSheet"}"#)
        #expect(readOnly.status == 400)
    }
}
