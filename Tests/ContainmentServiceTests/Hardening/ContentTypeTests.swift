import Testing

/// Routes that take a body insist on a JSON or YAML `Content-Type` for any body, and for an
/// empty one a page of another origin sends: a cross-site HTML form can only send form or text
/// types, and a cross-site `fetch` without a body carries its `Origin`, so neither can change a
/// tree. A request without body, type or foreign `Origin` (curl, a generated client leaving an
/// optional body out) is a request without a body.
@Suite struct ContentTypeTests {
    static let routes = [
        ("POST", "/v1/trees"),
        ("PUT", "/v1/trees/other"),
        ("POST", "/v1/trees/demo/controllers"),
        ("PATCH", "/v1/trees/demo/controllers/root"),
        ("POST", "/v1/trees/demo/calls"),
        ("POST", "/v1/trees/demo/clock"),
        ("POST", "/v1/trees/demo/controllers/root/children"),
        ("POST", "/v1/trees/demo/controllers/root/transitions"),
        ("POST", "/v1/scenarios/rule13-push/runs"),
    ]

    @Test(arguments: routes)
    func bodiesWithoutAJSONTypeAndForeignBarePagesAre415(method: String, path: String) throws {
        let service = try TestService(.router)
        try service.createTree("demo", root: #"{"id": "root"}"#)
        let before = try service.request("GET", "/v1/trees/demo").text
        let attempts: [[(String, String)]] = [
            [("Content-Type", "application/x-www-form-urlencoded")], [("Content-Type", "text/plain")],
            [("Origin", "http://evil.example")], [("Origin", "null")],
            [("Origin", "http://evil.example"), ("Content-Type", "text/plain")],
        ]
        for headers in attempts {
            let reply = try service.request(method, path, headers: headers)
            #expect(reply.status == 415, "\(method) \(path) \(headers)")
            #expect(reply.json["code"].string == "unsupported_media_type")
        }
        #expect(try service.request("GET", "/v1/trees/demo").text == before, "a refused request changes nothing")
        #expect(try service.request("GET", "/v1/trees").json["trees"].array.count == 1)
    }

    /// `requestBody.required: false` in the contract: left out entirely, the body's defaults
    /// apply; where a body is required, the answer names the missing field.
    @Test(arguments: routes)
    func bareRequestsAreRequestsWithoutABody(method: String, path: String) throws {
        let service = try TestService(.router)
        try service.createTree("demo", root: #"{"id": "root"}"#)
        let origin = "http://127.0.0.1"  // the test client's Host
        for headers in [[], [("Origin", origin)]] {
            let reply = try service.request(method, path, headers: headers)
            switch path {
            case "/v1/trees", "/v1/trees/other", "/v1/scenarios/rule13-push/runs":
                #expect(reply.status == 201, "\(method) \(path) \(headers): \(reply.text)")
                if path == "/v1/trees/other" { try service.request("DELETE", path) }
            case "/v1/trees/demo/controllers/root":
                #expect(reply.status == 200, "\(method) \(path) \(headers): \(reply.text)")
            default:
                #expect(reply.status == 400, "\(method) \(path) \(headers)")
                #expect(reply.json["code"].string == "missing_field", "\(method) \(path): \(reply.text)")
            }
        }
    }

    @Test func anEmptyJSONBodyStillCreatesADefaultTree() throws {
        let service = try TestService(.router)
        let reply = try service.request("POST", "/v1/trees", headers: [("Content-Type", "application/json")])
        #expect(reply.status == 201)
    }

    @Test func bodilessMethodsNeedNoContentType() throws {
        let service = try TestService(.router)
        try service.createTree("demo", root: #"{"id": "root"}"#)
        #expect(try service.request("GET", "/v1/trees/demo").status == 200)
        #expect(try service.request("DELETE", "/v1/trees/demo").status == 200)
    }
}
