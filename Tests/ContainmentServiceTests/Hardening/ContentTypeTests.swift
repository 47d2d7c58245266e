import Testing

/// Routes that take a body insist on a JSON or YAML `Content-Type`, even with no body: a
/// cross-site HTML form can only send form or text types, so it can never change a tree.
@Suite struct ContentTypeTests {
    @Test(arguments: [
        ("POST", "/v1/trees"),
        ("POST", "/v1/trees/demo/controllers"),
        ("PATCH", "/v1/trees/demo/controllers/root"),
        ("POST", "/v1/trees/demo/calls"),
        ("POST", "/v1/trees/demo/clock"),
        ("POST", "/v1/trees/demo/controllers/root/children"),
        ("POST", "/v1/trees/demo/controllers/root/transitions"),
    ])
    func emptyBodiesWithoutAJSONTypeAre415(method: String, path: String) throws {
        let service = try TestService()
        try service.createTree("demo", root: #"{"id": "root"}"#)
        let before = try service.request("GET", "/v1/trees/demo").text
        for headers in [[], [("Content-Type", "application/x-www-form-urlencoded")], [("Content-Type", "text/plain")]] {
            let reply = try service.request(method, path, headers: headers)
            #expect(reply.status == 415, "\(method) \(path) \(headers)")
            #expect(reply.json["code"].string == "unsupported_media_type")
        }
        #expect(try service.request("GET", "/v1/trees/demo").text == before, "a refused request changes nothing")
        #expect(try service.request("GET", "/v1/trees").json["trees"].array.count == 1)
    }

    @Test func anEmptyJSONBodyStillCreatesADefaultTree() throws {
        let service = try TestService()
        let reply = try service.request("POST", "/v1/trees", headers: [("Content-Type", "application/json")])
        #expect(reply.status == 201)
    }

    @Test func bodilessMethodsNeedNoContentType() throws {
        let service = try TestService()
        try service.createTree("demo", root: #"{"id": "root"}"#)
        #expect(try service.request("GET", "/v1/trees/demo").status == 200)
        #expect(try service.request("DELETE", "/v1/trees/demo").status == 200)
    }
}
