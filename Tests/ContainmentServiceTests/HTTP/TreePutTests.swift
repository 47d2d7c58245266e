import Testing

/// `PUT /v1/trees/{id}`: creation with the id in the path.
@Suite struct TreePutTests {
    @Test func createsTheTreeNamedByThePath() throws {
        let service = try TestService(.router)
        let reply = try service.request(
            "PUT", "/v1/trees/checkout", json: #"{"clock": "manual", "root": {"id": "root", "children": [{"id": "map"}]}}"#)
        #expect(reply.status == 201)
        #expect(reply.header("Location") == "/v1/trees/checkout")
        #expect(reply.json["tree"]["id"].string == "checkout")
        #expect(reply.json["tree"]["clock"].string == "manual")
        #expect(reply.callbacks.first == "map.willMove(root)")
        #expect(try service.request("GET", "/v1/trees/checkout").json["controllers"]["map"]["parent"].string == "root")
    }

    @Test func emptyObjectCreatesAnEmptyRealClockTree() throws {
        let service = try TestService(.router)
        let reply = try service.request("PUT", "/v1/trees/empty", json: "{}")
        #expect(reply.status == 201)
        #expect(reply.json["tree"]["clock"].string == "real")
    }

    @Test func bodyIdMayRepeatThePathButNotDiffer() throws {
        let service = try TestService(.router)
        #expect(try service.request("PUT", "/v1/trees/same", json: #"{"id": "same"}"#).status == 201)
        let mismatch = try service.request("PUT", "/v1/trees/path-id", json: #"{"id": "body-id"}"#)
        #expect(mismatch.status == 400)
        #expect(mismatch.json["code"].string == "id_mismatch")
        #expect(mismatch.json["field"].string == "id")
        #expect(try service.request("GET", "/v1/trees/path-id").status == 404, "a refused PUT creates nothing")
        #expect(try service.request("GET", "/v1/trees/body-id").status == 404)
    }

    @Test func existingIdIsAConflictAndLeavesTheTreeAsItWas() throws {
        let service = try TestService(.router)
        try service.createTree("taken", root: #"{"id": "root"}"#)
        let again = try service.request("PUT", "/v1/trees/taken", json: #"{"root": {"id": "other"}}"#)
        #expect(again.status == 409)
        #expect(again.json["code"].string == "tree_exists")
        #expect(try service.request("GET", "/v1/trees/taken").json["window"]["rootViewController"].string == "root")
    }

    @Test func acceptsYAMLLikePost() throws {
        let service = try TestService(.router)
        let reply = try service.request(
            "PUT", "/v1/trees/yaml", json: "clock: manual\nroot:\n  id: root\n", headers: [("Content-Type", "application/yaml")])
        #expect(reply.status == 201, "\(reply.text)")
        #expect(reply.json["tree"]["clock"].string == "manual")
    }

    @Test func invalidSpecIsRefusedAndCreatesNothing() throws {
        let service = try TestService(.router)
        let reply = try service.request("PUT", "/v1/trees/bad", json: #"{"root": {"id": "a", "children": [{"id": "a"}]}}"#)
        #expect(reply.status == 400)
        #expect(reply.json["field"].string == "root.children[0].id")
        #expect(try service.request("GET", "/v1/trees/bad").status == 404)
    }

    /// The path's id follows the same rule as a body's (`[A-Za-z0-9._-]{1,64}`).
    @Test(arguments: ["a%20b", "%FF", String(repeating: "x", count: 65)])
    func invalidPathIdIsABadRequest(id: String) throws {
        let service = try TestService(.router)
        let reply = try service.request("PUT", "/v1/trees/\(id)", json: "{}")
        #expect(reply.status == 400)
        #expect(reply.json["field"].string == "id")
        #expect(try service.request("GET", "/v1/trees").json["trees"].array.isEmpty)
    }
}
