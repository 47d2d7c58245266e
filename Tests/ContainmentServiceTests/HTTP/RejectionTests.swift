import Testing

/// A rejected request changes nothing: the tree reads the same and no event is added.
@Suite struct RejectionTests {
    private static let rejected: [(method: String, path: String, json: String?, status: Int)] = [
        ("POST", "/v1/trees/demo/controllers/root/children", #"{"child": "ghost"}"#, 404),
        ("POST", "/v1/trees/demo/controllers/root/children", #"{"child": "root"}"#, 409),
        ("POST", "/v1/trees/demo/controllers/root/children", #"{"child": "map", "containerView": "nowhere"}"#, 400),
        ("POST", "/v1/trees/demo/controllers/root/children", #"{"child": "map", "animated": true}"#, 400),
        ("POST", "/v1/trees/demo/controllers/root/children", "[]", 400),
        ("DELETE", "/v1/trees/demo/controllers/root/children/list", nil, 404),
        ("POST", "/v1/trees/demo/controllers/root/transitions", #"{"from": "list", "to": "map"}"#, 409),
        ("POST", "/v1/trees/demo/controllers", #"{"id": "map"}"#, 409),
        ("POST", "/v1/trees/demo/controllers", #"{"id": "window"}"#, 400),
        ("PATCH", "/v1/trees/demo/controllers/map", #"{"preferredContentSize": {"width": -1, "height": 2}}"#, 400),
        ("PATCH", "/v1/trees/demo/controllers/ghost", #"{"title": "x"}"#, 404),
        ("DELETE", "/v1/trees/demo/controllers/map", nil, 409),
        (
            "POST", "/v1/trees/demo/calls",
            #"{"atomic": true, "calls": [{"receiver": "root", "method": "addChild", "args": {"child": "list"}}, {"receiver": "list", "method": "addChild", "args": {"child": "root"}}]}"#,
            409
        ),
        ("POST", "/v1/trees/demo/clock", #"{"advance": -1}"#, 400),
        ("POST", "/v1/trees/demo/clock", "{}", 400),
        ("POST", "/v1/trees", #"{"id": "demo"}"#, 409),
    ]

    @Test(arguments: rejected.indices)
    func rejectedRequestChangesNothing(index: Int) throws {
        let (method, path, json, status) = Self.rejected[index]
        let service = try TestService(.router)
        try service.createTree("demo", root: #"{"id": "root", "children": [{"id": "map"}]}"#)
        try service.request("POST", "/v1/trees/demo/controllers", json: #"{"id": "list"}"#)
        let before = try service.request("GET", "/v1/trees/demo")

        let reply = try service.request(method, path, json: json)
        #expect(reply.status == status, "\(method) \(path) \(json ?? ""): \(reply.text)")
        #expect(reply.header("Content-Type") == "application/problem+json")

        let after = try service.request("GET", "/v1/trees/demo")
        #expect(after.json == before.json)
        #expect(after.json["lastSeq"] == before.json["lastSeq"])
    }
}

/// Times that would overflow what an ISO-8601 date can show are refused, not crashed on.
@Suite struct TimeLimitTests {
    @Test func hugeDurationsAndClockAdvancesAre400s() throws {
        let service = try TestService(.router)
        try service.createTree("demo", root: #"{"id": "root", "children": [{"id": "map"}, {"id": "list"}]}"#)
        let transition = try service.request(
            "POST", "/v1/trees/demo/calls",
            json: #"{"calls": [{"receiver": "root", "method": "transition", "args": {"from": "map", "to": "list", "duration": 1e300}}]}"#)
        #expect(transition.status == 400)
        #expect(transition.json["field"].string == "calls[0].args.duration")
        let clock = try service.request("POST", "/v1/trees/demo/clock", json: #"{"advance": 1e300}"#)
        #expect(clock.status == 400)
        #expect(clock.json["field"].string == "advance")
        #expect(try service.request("GET", "/healthz").status == 200)
    }
}
