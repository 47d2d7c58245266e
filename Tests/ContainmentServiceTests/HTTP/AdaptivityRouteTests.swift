import Containment
import Foundation
import Testing

/// Routing, traits, adaptive presentations, the split view delegate and user actions through
/// HTTP (docs/uikit-rules-adaptivity.md): the raw calls, their results and problems, the spec
/// and PATCH fields, and the window's new fields.
@Suite struct AdaptivityRouteTests {
    /// An iPad-sized window showing a split view controller whose primary is a navigation
    /// controller; `other` is detached.
    private func splitService() throws -> TestService {
        let service = try TestService()
        let created = try service.request(
            "POST", "/v1/trees",
            json: #"""
                {"id": "ipad", "clock": "manual", "window": {"size": {"width": 1024, "height": 768}, "horizontalSizeClass": "regular"},
                 "root": {"id": "split", "kind": "splitViewController", "collapseSecondary": true,
                          "primary": {"id": "master", "kind": "navigationController", "viewControllers": [{"id": "list"}]},
                          "secondary": {"id": "detail"}}}
                """#)
        try #require(created.status == 201, "\(created.text)")
        try #require(try service.request("POST", "/v1/trees/ipad/controllers", json: #"{"id": "other"}"#).status == 201)
        return service
    }

    /// Whether the object has the key at all (absent and `null` differ on the wire).
    private func has(_ object: JSONValue, _ key: String) -> Bool {
        if case .object(let fields) = object { return fields[key] != nil }
        return false
    }

    private func calls(_ service: TestService, _ calls: String, tree: String = "ipad") throws -> Reply {
        try service.request("POST", "/v1/trees/\(tree)/calls", json: #"{"calls": \#(calls)}"#)
    }

    @Test func routingCallsAnswerTheirTargetsAndMoveControllers() throws {
        let service = try splitService()
        let target = try calls(
            service,
            #"""
            [{"receiver": "list", "method": "targetViewController", "args": {"forAction": "showDetailViewController", "sender": "list"}},
             {"receiver": "other", "method": "targetViewController", "args": {"forAction": "show"}},
             {"receiver": "list", "method": "showDetailViewController", "args": {"viewController": "other"}}]
            """#)
        #expect(target.status == 200, "\(target.text)")
        #expect(target.json["results"].array.map(\.string) == ["split", nil, nil])
        #expect(target.json["results"][1].isNull)
        #expect(target.json["applied"].int == 3)
        #expect(try service.request("GET", "/v1/trees/ipad/controllers/split").json["secondary"].string == "other")
        let plain = try calls(service, #"[{"receiver": "list", "method": "loadViewIfNeeded"}]"#)
        #expect(!has(plain.json, "results"))
        let unknown = try calls(service, #"[{"receiver": "list", "method": "targetViewController", "args": {"forAction": "dismiss"}}]"#)
        #expect(unknown.status == 400)
        #expect(unknown.json["field"].string == "calls[0].args.forAction")
    }

    @Test func specAndPatchCarryTheAnswersAndTheSnapshotShowsThem() throws {
        let service = try splitService()
        let split = try service.request("GET", "/v1/trees/ipad/controllers/split").json
        #expect(split["collapseSecondary"].bool == true)
        #expect(!has(split, "separateSecondary"))
        let patch = try service.request(
            "PATCH", "/v1/trees/ipad/controllers/split", json: #"{"collapseSecondary": null, "separateSecondary": "other"}"#)
        #expect(patch.status == 200, "\(patch.text)")
        #expect(!has(patch.json["controller"], "collapseSecondary"))
        #expect(patch.json["controller"]["separateSecondary"].string == "other")
        let wrongKind = try service.request("PATCH", "/v1/trees/ipad/controllers/list", json: #"{"shouldSelect": false}"#)
        #expect(wrongKind.status == 400)
        #expect(wrongKind.json["field"].string == "shouldSelect")
        let wrongStyle = try service.request("PATCH", "/v1/trees/ipad/controllers/split", json: #"{"topColumnForCollapsing": "primary"}"#)
        #expect(wrongStyle.status == 400)
        let typo = try service.request("PATCH", "/v1/trees/ipad/controllers/split", json: #"{"traitOverrides": {"horizontalSizeClas": "compact"}}"#)
        #expect(typo.status == 400)
        #expect(typo.json["code"].string == "unknown_field")
        let window = try service.request("GET", "/v1/trees/ipad").json["window"]
        #expect(window["activationState"].string == "foregroundActive")
        #expect(window["homeIndicator"]["autoHidden"].bool == false)
        #expect(window["homeIndicator"]["decidedBy"].string == "split")
        #expect(window["screenEdgesDeferringSystemGestures"]["edges"].array.isEmpty)
    }

    @Test func traitCallsTellTheControllersAndRefuseAStranger() throws {
        let service = try splitService()
        let rotation = try calls(
            service,
            #"[{"receiver": "window", "method": "setSize", "args": {"size": {"width": 390, "height": 844}, "horizontalSizeClass": "compact"}}]"#)
        #expect(rotation.status == 200, "\(rotation.text)")
        let callbacks = rotation.callbacks
        #expect(callbacks.first == "split.willTransition")
        #expect(callbacks.contains("split.collapseSecondary"))
        #expect(callbacks.firstIndex(of: "split.viewWillTransition")! < callbacks.firstIndex(of: "split.traitCollectionDidChange")!)
        let stranger = try calls(
            service,
            #"[{"receiver": "split", "method": "setOverrideTraitCollection", "args": {"collection": {"horizontalSizeClass": "regular"}, "forChild": "list"}}]"#)
        #expect(stranger.status == 409)
        #expect(stranger.json["code"].string == "not_a_child")
        let override = try calls(
            service,
            #"[{"receiver": "split", "method": "setOverrideTraitCollection", "args": {"collection": {"horizontalSizeClass": "regular"}, "forChild": "master"}}]"#
        )
        #expect(override.status == 200, "\(override.text)")
        let master = try service.request("GET", "/v1/trees/ipad/controllers/master").json
        #expect(master["overrideTraitCollection"]["horizontalSizeClass"].string == "regular")
        #expect(master["traitCollection"]["horizontalSizeClass"].string == "regular")
    }

    /// Rule 39: `registerForTraitChanges` through PATCH and the snapshot, refused when bad, and
    /// a view put into a controller's view without `addChild` taking its `traitOverrides`.
    @Test func registerForTraitChangesAndTraitsThroughTheViewHierarchy() throws {
        let service = try splitService()
        for bad in [#"{"registerForTraitChanges": []}"#, #"{"registerForTraitChanges": ["userInterfaceStyle"]}"#] {
            let refused = try service.request("PATCH", "/v1/trees/ipad/controllers/other", json: bad)
            #expect(refused.status == 400, "\(refused.text)")
            #expect(refused.json["field"].string?.hasPrefix("registerForTraitChanges") == true, "\(refused.text)")
        }
        #expect(!has(try service.request("GET", "/v1/trees/ipad/controllers/other").json, "registerForTraitChanges"))
        let registered = try service.request("PATCH", "/v1/trees/ipad/controllers/other", json: #"{"registerForTraitChanges": ["horizontalSizeClass"]}"#)
        #expect(registered.status == 200, "\(registered.text)")
        #expect(registered.json["events"].array.isEmpty)
        let inside = try calls(service, #"[{"receiver": "detail.view", "method": "addSubview", "args": {"view": "other.view"}}]"#)
        #expect(inside.status == 200, "\(inside.text)")
        let overridden = try service.request("PATCH", "/v1/trees/ipad/controllers/detail", json: #"{"traitOverrides": {"horizontalSizeClass": "compact"}}"#)
        #expect(overridden.status == 200, "\(overridden.text)")
        #expect(overridden.callbacks == ["detail.traitCollectionDidChange", "other.traitCollectionDidChange", "other.traitChangeHandler"])
        #expect(overridden.json["events"][2]["args"]["traits"].array.map(\.string) == ["horizontalSizeClass"])
        let other = try service.request("GET", "/v1/trees/ipad/controllers/other").json
        #expect(other["registerForTraitChanges"].array.map(\.string) == ["horizontalSizeClass"])
        #expect(other["traitCollection"]["horizontalSizeClass"].string == "compact")
    }

    @Test func userActionsTapTabsAndMoveTheSceneWithoutAppearanceCallbacks() throws {
        let service = try TestService()
        try service.createTree(
            "tabs", root: #"{"id": "tabs", "kind": "tabBarController", "shouldSelect": true, "viewControllers": [{"id": "a"}, {"id": "b"}]}"#)
        let tap = try calls(service, #"[{"receiver": "tabs", "method": "tapTabBarItem", "args": {"index": 1}}]"#, tree: "tabs")
        #expect(tap.status == 200, "\(tap.text)")
        #expect(tap.callbacks.first == "tabs.shouldSelect")
        #expect(tap.callbacks.filter { !$0.hasSuffix("LayoutSubviews") }.last == "tabs.didSelect")
        #expect(tap.json["events"][0]["args"]["result"].bool == true)
        let background = try calls(service, #"[{"receiver": "window", "method": "setActivationState", "args": {"state": "background"}}]"#, tree: "tabs")
        #expect(background.json["events"].array.map { $0["callback"].string } == ["sceneWillResignActive", "sceneDidEnterBackground"])
        #expect(background.json["events"].array.allSatisfy { !has($0, "controller") })
        #expect(try service.request("GET", "/v1/trees/tabs").json["window"]["activationState"].string == "background")
        _ = try calls(service, #"[{"receiver": "window", "method": "setHidden", "args": {"hidden": true}}]"#, tree: "tabs")
        let hidden = try calls(service, #"[{"receiver": "tabs", "method": "tapTabBarItem", "args": {"index": 0}}]"#, tree: "tabs")
        #expect(hidden.status == 409)
        #expect(hidden.json["code"].string == "not_on_screen")
    }

    @Test func aPopoverInACompactWidthReportsItsAdaptedStyle() throws {
        let service = try TestService()
        try service.createTree("phone", root: #"{"id": "root"}"#)
        let popover = try service.request(
            "POST", "/v1/trees/phone/controllers",
            json:
                #"{"id": "popover", "modalPresentationStyle": "popover", "popoverPresentationController": {"sourceView": "root.view"}, "adaptivePresentationStyle": "none"}"#
        )
        #expect(popover.status == 201, "\(popover.text)")
        let present = try calls(
            service, #"[{"receiver": "root", "method": "present", "args": {"viewController": "popover", "animated": false}}]"#, tree: "phone")
        #expect(present.callbacks.prefix(2) == ["popover.adaptivePresentationStyle", "popover.willPresentWithAdaptiveStyle"])
        #expect(try service.request("GET", "/v1/trees/phone/controllers/popover").json["presentationStyle"].string == "popover")
    }
}
