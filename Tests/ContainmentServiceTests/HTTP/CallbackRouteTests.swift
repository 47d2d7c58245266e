import Containment
import Foundation
import Testing

/// Rules 40–46 through HTTP: overrides in specs and PATCH (a `null` removes one), `calledFrom`
/// on events, `overrideStack` on problems, the custom presentation's transitioning delegate,
/// segues and their raw calls, and the JSON a controller shows for them.
@Suite struct CallbackRouteTests {
    private func calls(_ service: TestService, _ tree: String, _ calls: String) throws -> Reply {
        try service.request("POST", "/v1/trees/\(tree)/calls", json: #"{"calls": \#(calls)}"#)
    }

    @Test func overridesRunInsideTheirCallbackAndShowWhereTheyRan() throws {
        let service = try TestService()
        try service.createTree("o", root: #"{"id": "root"}"#)
        let vc = #"""
            {"id": "vc", "overrides": {"viewDidLoad": [{"receiver": "vc", "method": "present", "args": {"viewController": "root"}}],
             "viewWillAppear": [{"receiver": "vc", "method": "setNeedsStatusBarAppearanceUpdate"}]}}
            """#
        #expect(try service.request("POST", "/v1/trees/o/controllers", json: vc).status == 201)
        let controller = try service.request("GET", "/v1/trees/o/controllers/vc").json
        #expect(controller["overrides"]["viewWillAppear"][0]["method"].string == "setNeedsStatusBarAppearanceUpdate")
        let shown = try calls(service, "o", #"[{"receiver": "window", "method": "setRootViewController", "args": {"rootViewController": "vc"}}]"#)
        #expect(shown.status == 200, "\(shown.text)")
        let update = shown.json["events"].array.first { $0["callback"].string == "setNeedsStatusBarAppearanceUpdate" }
        #expect(update?["calledFrom"]["controller"].string == "vc")
        #expect(update?["calledFrom"]["callback"].string == "viewWillAppear")
        #expect(update?["calledFrom"]["call"].int == 0)
        #expect(update?["calledFrom"]["depth"].int == 1)
        // The engine refuses a present of the window's root: "an active controller".
        let patched = try service.request(
            "PATCH", "/v1/trees/o/controllers/vc",
            json: #"{"overrides": {"viewDidLoad": null, "viewWillDisappear": [{"receiver": "vc", "method": "addChild", "args": {"child": "vc"}}]}}"#)
        #expect(patched.status == 200, "\(patched.text)")
        #expect(patched.json["controller"]["overrides"]["viewDidLoad"].isNull)
        let refused = try calls(service, "o", #"[{"receiver": "window", "method": "setRootViewController", "args": {"rootViewController": "root"}}]"#)
        #expect(refused.status == 409)
        #expect(refused.json["code"].string == "child_is_self")
        #expect(refused.json["callIndex"].int == 0)
        #expect(refused.json["overrideStack"][0]["callback"].string == "viewWillDisappear")
        #expect(refused.json["overrideStack"][0]["controller"].string == "vc")
        let unknown = try service.request("PATCH", "/v1/trees/o/controllers/vc", json: #"{"overrides": {"viewDidBlink": []}}"#)
        #expect(unknown.status == 400)
        #expect(unknown.json["field"].string == "overrides.viewDidBlink")
    }

    @Test func theCustomStyleAndItsTransitioningDelegate() throws {
        let service = try TestService()
        try service.createTree("c", root: #"{"id": "root"}"#)
        let card = #"""
            {"id": "card", "modalPresentationStyle": "custom",
             "transitioningDelegate": {"transitionDuration": 0, "presentationController": {"shouldRemovePresentersView": true}}}
            """#
        #expect(try service.request("POST", "/v1/trees/c/controllers", json: card).status == 201)
        let json = try service.request("GET", "/v1/trees/c/controllers/card").json
        #expect(json["transitioningDelegate"]["presentationController"]["shouldRemovePresentersView"].bool == true)
        let presented = try calls(service, "c", #"[{"receiver": "root", "method": "present", "args": {"viewController": "card"}}]"#)
        #expect(presented.callbacks.contains("root.viewDidDisappear"), "\(presented.text)")
        let cleared = try service.request("PATCH", "/v1/trees/c/controllers/card", json: #"{"transitioningDelegate": null}"#)
        #expect(cleared.status == 200)
        #expect(cleared.json["controller"]["transitioningDelegate"].isNull)
    }

    @Test func seguesThroughHTTP() throws {
        let service = try TestService()
        let root = #"""
            {"id": "nav", "kind": "navigationController", "viewControllers": [
              {"id": "list", "segues": [{"identifier": "showDetail", "kind": "show", "destination": "detail", "animated": false}],
               "unwindActions": {"unwindToList": true}}]}
            """#
        try service.createTree("s", root: root)
        let detail = #"{"id": "detail", "segues": [{"identifier": "done", "kind": "unwind", "action": "unwindToList", "animated": false}]}"#
        #expect(try service.request("POST", "/v1/trees/s/controllers", json: detail).status == 201)
        let list = try service.request("GET", "/v1/trees/s/controllers/list").json
        #expect(list["segues"][0]["identifier"].string == "showDetail")
        #expect(list["unwindActions"]["unwindToList"].bool == true)
        let shown = try calls(service, "s", #"[{"receiver": "list", "method": "performSegue", "args": {"identifier": "showDetail", "sender": "list"}}]"#)
        #expect(shown.callbacks.first == "list.prepare", "\(shown.text)")
        #expect(shown.json["events"][0]["args"]["sender"].string == "list")
        let back = try calls(service, "s", #"[{"receiver": "detail", "method": "triggerSegue", "args": {"identifier": "done"}}]"#)
        #expect(
            back.callbacks.prefix(4) == ["detail.shouldPerformSegue", "nav.allowedChildrenForUnwinding", "list.canPerformUnwindSegueAction", "detail.prepare"])
        #expect(try service.request("GET", "/v1/trees/s/controllers/nav").json["viewControllers"].array.map(\.string) == ["list"])
        let missing = try calls(service, "s", #"[{"receiver": "list", "method": "performSegue", "args": {"identifier": "nope"}}]"#)
        #expect(missing.status == 409)
        #expect(missing.json["title"].string == "NSInvalidArgumentException")
        #expect(missing.json["code"].string == "no_segue")
        let extra = try service.request(
            "POST", "/v1/trees/s/controllers", json: #"{"id": "x", "segues": [{"identifier": "a", "kind": "show", "destination": "list", "colour": "red"}]}"#)
        #expect(extra.status == 400)
    }

    /// The names and lists rules 40 and 45–46 add are capped like the other free-form fields.
    @Test func declarationsAreCapped() throws {
        let service = try TestService()
        try service.createTree("l", root: #"{"id": "root"}"#)
        let name = String(repeating: "a", count: 257)
        let segue = try service.request(
            "POST", "/v1/trees/l/controllers", json: #"{"id": "x", "segues": [{"identifier": "\#(name)", "kind": "show", "destination": "root"}]}"#)
        #expect(segue.status == 400)
        #expect(segue.json["code"].string == "field_too_large")
        #expect(segue.json["field"].string == "segues[0].identifier")
        let actions = (0...64).map { #""a\#($0)": true"# }.joined(separator: ", ")
        let unwind = try service.request("POST", "/v1/trees/l/controllers", json: #"{"id": "y", "unwindActions": {\#(actions)}}"#)
        #expect(unwind.json["field"].string == "unwindActions")
        let big = String(repeating: "b", count: 17_000)
        let patch = try service.request(
            "PATCH", "/v1/trees/l/controllers/root",
            json: #"{"overrides": {"viewDidAppear": [{"receiver": "root", "method": "present", "args": {"viewController": "\#(big)"}}]}}"#)
        #expect(patch.status == 400)
        #expect(patch.json["field"].string == "overrides.viewDidAppear[0].args")
    }
}
