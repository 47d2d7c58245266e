import Testing

@Suite struct ControllerRouteTests {
    @Test func createdControllerIsDetachedAndUnloaded() throws {
        let service = try TestService(.router)
        try service.createTree("demo", root: #"{"id": "root"}"#)
        let reply = try service.request("POST", "/v1/trees/demo/controllers", json: #"{"id": "map", "title": "Map"}"#)
        #expect(reply.status == 201)
        #expect(reply.header("Location") == "/v1/trees/demo/controllers/map")
        #expect(reply.callbacks == [])
        let controller = try service.request("GET", "/v1/trees/demo/controllers/map").json
        #expect(controller["title"].string == "Map")
        #expect(controller["parent"].isNull)
        #expect(controller["isViewLoaded"].bool == false)
        #expect(controller["appearance"].string == "disappeared")
    }

    @Test func patchChangesSettableFields() throws {
        let service = try TestService(.router)
        try service.createTree("demo", root: #"{"id": "root", "children": [{"id": "map"}]}"#)
        let reply = try service.request(
            "PATCH", "/v1/trees/demo/controllers/map",
            json: #"{"title": "Nearby", "preferredContentSize": {"width": 320, "height": 200}, "properties": {"zoom": 3}}"#)
        #expect(reply.status == 200)
        #expect(reply.json["controller"]["title"].string == "Nearby")
        #expect(reply.json["controller"]["properties"]["zoom"].int == 3)
        #expect(reply.json["controller"]["preferredContentSize"]["width"].int == 320)
        #expect(reply.callbacks.contains("root.preferredContentSizeDidChange"), "UIKit tells the parent (rule 17)")

        let cleared = try service.request("PATCH", "/v1/trees/demo/controllers/map", json: #"{"title": null, "properties": {"zoom": null}}"#)
        #expect(cleared.json["controller"]["title"].isNull)
        #expect(cleared.callbacks == ["map.propertyDidChange"])
        #expect(cleared.json["controller"]["properties"] == .object([:]))
    }

    @Test func deleteRemovesADetachedControllerOnly() throws {
        let service = try TestService(.router)
        try service.createTree("demo", root: #"{"id": "root", "children": [{"id": "map"}]}"#)
        try service.request("POST", "/v1/trees/demo/controllers", json: #"{"id": "list"}"#)

        let attached = try service.request("DELETE", "/v1/trees/demo/controllers/map")
        #expect(attached.status == 409)
        #expect(attached.json["code"].string == "controller_attached")

        #expect(try service.request("DELETE", "/v1/trees/demo/controllers/list").status == 200)
        #expect(try service.request("GET", "/v1/trees/demo/controllers/list").status == 404)
    }

    @Test func unknownControllerIsA404() throws {
        let service = try TestService(.router)
        try service.createTree("demo")
        let reply = try service.request("GET", "/v1/trees/demo/controllers/ghost")
        #expect(reply.status == 404)
        #expect(reply.json["code"].string == "controller_not_found")
    }
}
