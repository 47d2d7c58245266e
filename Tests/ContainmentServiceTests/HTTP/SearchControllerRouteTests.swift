import Containment
import Foundation
import Testing

/// A search controller through HTTP (docs/uikit-rules-presentation.md, rule 51): the
/// `navigationItem` and `searchControllerDelegate` fields, `isActive` in the snapshot, and the
/// search calls.
@Suite struct SearchControllerRouteTests {
    /// A navigation controller showing `content`, which installs the detached `search`.
    private func service() throws -> TestService {
        let service = try TestService(.router)
        let tree = try service.request(
            "POST", "/v1/trees",
            json:
                #"{"id": "app", "clock": "manual", "root": {"id": "nav", "kind": "navigationController", "viewControllers": [{"id": "content", "navigationItem": {"searchController": "search"}}]}}"#
        )
        try #require(tree.status == 201, "\(tree.text)")
        let search = try service.request("POST", "/v1/trees/app/controllers", json: #"{"id": "search", "kind": "searchController"}"#)
        try #require(search.status == 201, "\(search.text)")
        return service
    }

    private func calls(_ service: TestService, _ calls: String) throws -> Reply {
        try service.request("POST", "/v1/trees/app/calls", json: #"{"calls": \#(calls)}"#)
    }

    @Test func setActivePresentsTheSearchControllerAndTheSnapshotShowsIsActive() throws {
        let service = try service()
        #expect(try service.request("GET", "/v1/trees/app/controllers/search").json["isActive"].bool == false)
        #expect(try service.request("GET", "/v1/trees/app/controllers/content").json["navigationItem"]["searchController"].string == "search")
        let active = try calls(service, #"[{"receiver": "search", "method": "setActive", "args": {"active": true}}]"#)
        #expect(active.status == 200, "\(active.text)")
        #expect(active.callbacks.first == "search.willPresentSearchController")
        let snapshot = try service.request("GET", "/v1/trees/app/controllers/search").json
        #expect(snapshot["isActive"].bool == true)
        #expect(snapshot["presentingViewController"].string == "nav")
        let advanced = try service.request("POST", "/v1/trees/app/clock", json: #"{"advance": 0.5}"#)
        #expect(advanced.callbacks.last == "search.didPresentSearchController")
        let cancel = try calls(service, #"[{"receiver": "search", "method": "tapSearchBarCancelButton"}]"#)
        #expect(cancel.callbacks.first == "search.willDismissSearchController")
        let again = try calls(service, #"[{"receiver": "search", "method": "tapSearchBarCancelButton"}]"#)
        #expect(again.status == 409)
        #expect(again.json["code"].string == "search_not_active")
    }

    @Test func theSearchFieldsAreValidated() throws {
        let service = try service()
        let unknown = try service.request("PATCH", "/v1/trees/app/controllers/content", json: #"{"navigationItem": {"title": "x"}}"#)
        #expect(unknown.status == 400)
        let wrongKind = try service.request(
            "PATCH", "/v1/trees/app/controllers/content", json: #"{"searchControllerDelegate": {"presentSearchController": true}}"#)
        #expect(wrongKind.status == 400)
        #expect(wrongKind.json["field"].string == "searchControllerDelegate")
        let delegate = try service.request(
            "PATCH", "/v1/trees/app/controllers/search", json: #"{"searchControllerDelegate": {"presentSearchController": true}}"#)
        #expect(delegate.status == 200, "\(delegate.text)")
        #expect(delegate.json["controller"]["searchControllerDelegate"]["presentSearchController"].bool == true)
        let tap = try calls(service, #"[{"receiver": "search", "method": "tapSearchBar"}]"#)
        #expect(tap.callbacks == ["search.presentSearchController"])
        let removed = try service.request("PATCH", "/v1/trees/app/controllers/content", json: #"{"navigationItem": null}"#)
        #expect(removed.status == 200, "\(removed.text)")
        let uninstalled = try calls(service, #"[{"receiver": "search", "method": "setActive", "args": {"active": true}}]"#)
        #expect(uninstalled.status == 409)
        #expect(uninstalled.json["code"].string == "search_controller_not_installed")
        let notSearch = try calls(service, #"[{"receiver": "content", "method": "setActive", "args": {"active": true}}]"#)
        #expect(notSearch.status == 400)
    }
}
