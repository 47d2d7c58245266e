import Testing

/// Specs are easiest to write by hand in YAML; they build exactly as the same JSON would.
@Suite struct YAMLSpecTests {
    private static let yaml = """
        id: demo
        clock: manual
        root:
          id: root
          containerViews:
            - id: content
              frame: {x: 0, y: 100, width: 390, height: 744}
          children:
            - id: map
              containerView: content
              properties: {zoom: 3, city: Paris}
        """

    @Test func treeFromYAMLMatchesTreeFromJSON() throws {
        let service = try TestService(.router)
        let fromYAML = try service.request("POST", "/v1/trees", json: Self.yaml, headers: [("Content-Type", "application/yaml")])
        #expect(fromYAML.status == 201)
        #expect(fromYAML.json["tree"]["controllers"]["map"]["view"]["superview"].string == "content")
        #expect(fromYAML.json["tree"]["controllers"]["map"]["properties"]["city"].string == "Paris")

        let json =
            #"{"id": "demo2", "clock": "manual", "root": {"id": "root", "containerViews": [{"id": "content", "frame": {"x": 0, "y": 100, "width": 390, "height": 744}}], "children": [{"id": "map", "containerView": "content", "properties": {"zoom": 3, "city": "Paris"}}]}}"#
        let fromJSON = try service.request("POST", "/v1/trees", json: json)
        #expect(fromYAML.callbacks == fromJSON.callbacks)
        #expect(fromYAML.json["tree"]["controllers"] == fromJSON.json["tree"]["controllers"])
    }

    @Test func controllerFromYAML() throws {
        let service = try TestService(.router)
        try service.createTree("demo")
        let reply = try service.request(
            "POST", "/v1/trees/demo/controllers", json: "id: map\ntitle: Map\n", headers: [("Content-Type", "application/yaml")])
        #expect(reply.status == 201)
        #expect(reply.json["controller"]["title"].string == "Map")
    }

    @Test func badYAMLNamesTheField() throws {
        let service = try TestService(.router)
        let reply = try service.request(
            "POST", "/v1/trees", json: "id: demo\nroot:\n  title: no id\n", headers: [("Content-Type", "application/yaml")])
        #expect(reply.status == 400)
        #expect(reply.json["field"].string == "root.id")
        let malformed = try service.request("POST", "/v1/trees", json: "id: [unclosed", headers: [("Content-Type", "application/yaml")])
        #expect(malformed.status == 400)
        #expect(malformed.json["code"].string == "malformed_yaml")
    }

    /// Nesting beyond the parsers' depth limits is a 400, never a stack overflow.
    @Test(arguments: ["application/json", "application/yaml"])
    func deepNestingIsRefused(contentType: String) throws {
        let service = try TestService(.router)
        let depth = 20_000
        let body =
            #"{"id": "deep", "root": "# + String(repeating: #"{"id": "c", "children": ["#, count: depth)
            + #"{"id": "leaf"}"# + String(repeating: "]}", count: depth) + "}"
        let reply = try service.request("POST", "/v1/trees", json: body, headers: [("Content-Type", contentType)])
        #expect(reply.status == 400)
        #expect(try service.request("GET", "/healthz").status == 200)
    }

    /// What JSON cannot say is a 400 that points at the line, and no tree is created.
    @Test(arguments: [
        "id: demo\nroot: &r {id: root}\nalso: *r\n",
        "id: demo\nroot: {id: root}\nid: again\n",
        "id: demo\nroot: {id: root}\n---\nid: second\n",
        "id: demo\nroot: {id: root, properties: {zoom: .inf}}\n",
    ])
    func yamlJSONCannotCarryIsRefused(body: String) throws {
        let service = try TestService(.router)
        let reply = try service.request("POST", "/v1/trees", json: body, headers: [("Content-Type", "application/yaml")])
        #expect(reply.status == 400)
        #expect(reply.json["code"].string == "malformed_yaml")
        #expect(reply.json["detail"].string?.contains("YAML") == true)
        #expect(reply.json["detail"].string?.contains(", column ") == true)
        #expect(try service.request("GET", "/v1/trees/demo").status == 404)
    }

    @Test func yamlIsOnlyForSpecs() throws {
        let service = try TestService(.router)
        try service.createTree("demo", root: #"{"id": "root"}"#)
        let reply = try service.request(
            "POST", "/v1/trees/demo/calls", json: "calls: []\n", headers: [("Content-Type", "application/yaml")])
        #expect(reply.status == 415)
        #expect(reply.json["detail"].string?.contains("application/json") == true)
    }
}
