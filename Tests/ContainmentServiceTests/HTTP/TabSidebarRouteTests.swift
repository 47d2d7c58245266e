import Testing

/// iOS 18's tab bar sidebar over HTTP (docs/uikit-rules.md, rule 14, "The sidebar"): the spec's
/// and PATCH's `mode`, `sidebar` and `compactTabIdentifiers`, the snapshot's fields and the
/// sidebar delegate's event.
@Suite struct TabSidebarRouteTests {
    static let root = #"""
        {"id": "tabs", "kind": "tabBarController", "tabBarControllerSidebarDelegate": true, "mode": "tabSidebar",
         "compactTabIdentifiers": ["home"],
         "tabs": [{"identifier": "home", "viewController": {"id": "list"}},
                  {"identifier": "library", "viewController": {"id": "shelf"},
                   "children": [{"identifier": "recent", "viewController": {"id": "recentVC"}}]}]}
        """#

    @Test func sidebarFieldsAreDeclaredPatchedAndShown() throws {
        let service = try TestService(.router)
        let created = try service.createTree("sidebar", root: Self.root)
        let tabs = created.json["tree"]["controllers"]["tabs"]
        #expect(tabs["mode"].string == "tabSidebar")
        #expect(tabs["sidebar"]["isHidden"].bool == true)
        #expect(tabs["compactTabIdentifiers"].array == [.string("home")])
        #expect(tabs["tabBarControllerSidebarDelegate"].bool == true)
        let regular = #"[{"receiver": "window", "method": "setSize", "args": {"size": {"width": 1024, "height": 768}, "horizontalSizeClass": "regular"}}]"#
        #expect(try service.request("POST", "/v1/trees/sidebar/calls", json: #"{"calls": \#(regular)}"#).status == 200)

        let shown = try service.request("PATCH", "/v1/trees/sidebar/controllers/tabs", json: #"{"sidebar": {"isHidden": false}}"#)
        #expect(shown.status == 200)
        #expect(shown.callbacks == ["tabs.sidebarVisibilityWillChange"])
        #expect(shown.json["events"][0]["args"]["isHidden"].bool == false)
        #expect(shown.json["controller"]["sidebar"]["isHidden"].bool == false)

        let cleared = try service.request("PATCH", "/v1/trees/sidebar/controllers/tabs", json: #"{"compactTabIdentifiers": null, "mode": "automatic"}"#)
        #expect(cleared.json["controller"]["compactTabIdentifiers"].isNull)
        #expect(cleared.json["controller"]["mode"].string == "automatic")
    }

    @Test func isTabBarHiddenIsDeclaredPatchedSetByCallAndShown() throws {
        let service = try TestService(.router)
        let created = try service.createTree("sidebar", root: Self.root)
        #expect(created.json["tree"]["controllers"]["tabs"]["isTabBarHidden"].bool == false)
        let patched = try service.request("PATCH", "/v1/trees/sidebar/controllers/tabs", json: #"{"isTabBarHidden": true}"#)
        #expect(patched.status == 200)
        #expect(patched.callbacks.isEmpty)
        #expect(patched.json["controller"]["isTabBarHidden"].bool == true)
        let call = #"{"calls": [{"receiver": "tabs", "method": "setTabBarHidden", "args": {"hidden": false, "animated": true}}]}"#
        #expect(try service.request("POST", "/v1/trees/sidebar/calls", json: call).status == 200)
        #expect(try service.request("GET", "/v1/trees/sidebar").json["controllers"]["tabs"]["isTabBarHidden"].bool == false)
        let refused = try service.request("PATCH", "/v1/trees/sidebar/controllers/list", json: #"{"isTabBarHidden": true}"#)
        #expect(refused.status == 400)
        #expect(refused.json["field"].string == "isTabBarHidden")
    }

    @Test func badSidebarFieldsAre400sNamingTheField() throws {
        let service = try TestService(.router)
        try service.createTree("sidebar", root: Self.root)
        let before = try service.request("GET", "/v1/trees/sidebar").json
        for (body, field) in [
            (#"{"sidebar": {"isHidden": false, "width": 300}}"#, "sidebar.width"), (#"{"mode": "sidebar"}"#, "mode"),
            (#"{"compactTabIdentifiers": ["home", "home"]}"#, "compactTabIdentifiers[1]"),
        ] {
            let reply = try service.request("PATCH", "/v1/trees/sidebar/controllers/tabs", json: body)
            #expect(reply.status == 400, "\(body)")
            #expect(reply.json["field"].string == field, "\(body)")
        }
        let call = #"{"calls": [{"receiver": "tabs", "method": "sidebar.setHidden", "args": {"hidden": "yes"}}]}"#
        let refused = try service.request("POST", "/v1/trees/sidebar/calls", json: call)
        #expect(refused.status == 400)
        #expect(refused.json["field"].string == "calls[0].args.hidden")
        #expect(try service.request("GET", "/v1/trees/sidebar").json["controllers"] == before["controllers"])
    }
}
