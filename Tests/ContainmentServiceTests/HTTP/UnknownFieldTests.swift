import MicroHTTPTestSupport
import Testing

/// A field the contract lacks (a typo, most often) is a 400 naming it, and changes nothing,
/// in JSON and YAML bodies, nested specs and `/calls` batches alike.
@Suite struct UnknownFieldTests {
    @Test(arguments: [
        (#"{"id": "t", "clok": "manual"}"#, "clok"),
        (#"{"id": "t", "window": {"size": {"width": 1, "height": 2, "depth": 3}}}"#, "window.size.depth"),
        (#"{"id": "t", "root": {"id": "r", "children": [{"id": "m", "containerVeiw": "content"}]}}"#, "root.children[0].containerVeiw"),
        (#"{"id": "t", "root": {"id": "r", "containerViews": [{"id": "c", "frmae": {}}]}}"#, "root.containerViews[0].frmae"),
        (
            #"{"id": "t", "root": {"id": "n", "kind": "navigationController", "viewControllers": [{"id": "a", "titel": "A"}]}}"#,
            "root.viewControllers[0].titel"
        ),
    ])
    func createTreeRefusesUnknownFields(body: String, field: String) throws {
        let service = try TestService(.router)
        let reply = try service.request("POST", "/v1/trees", json: body)
        #expect(reply.status == 400, "\(reply.text)")
        #expect(reply.json["code"].string == "unknown_field")
        #expect(reply.json["field"].string == field)
        #expect(reply.json["detail"].string == "Unknown field `\(field)`.")
        #expect(try service.request("GET", "/v1/trees/t").status == 404, "a refused create leaves no tree")
    }

    @Test func yamlBodiesAreAsStrict() throws {
        let service = try TestService(.router)
        let yaml = "id: t\nroot:\n  id: r\n  children:\n    - id: m\n      containerVeiw: content\n"
        let reply = try service.request("POST", "/v1/trees", json: yaml, headers: [("Content-Type", "application/yaml")])
        #expect(reply.status == 400)
        #expect(reply.json["field"].string == "root.children[0].containerVeiw")
        #expect(try service.request("GET", "/v1/trees/t").status == 404)
    }

    @Test func mutationBodiesRefuseUnknownFieldsAndChangeNothing() throws {
        let service = try TestService(.router)
        try service.createTree("demo", root: #"{"id": "root"}"#)
        try service.request("POST", "/v1/trees/demo/controllers", json: #"{"id": "m"}"#)
        let before = try service.request("GET", "/v1/trees/demo").text
        let refusals: [(String, String, String)] = [
            ("/v1/trees/demo/controllers/root/children", #"{"child": "m", "containerVeiw": "content"}"#, "containerVeiw"),
            ("/v1/trees/demo/controllers", #"{"id": "x", "titel": "X"}"#, "titel"),
            ("/v1/trees/demo/clock", #"{"advance": 1, "unit": "s"}"#, "unit"),
            (
                "/v1/trees/demo/calls", #"{"calls": [{"receiver": "root", "method": "addChild", "args": {"child": "m"}, "note": 1}]}"#,
                "calls[0].note"
            ),
            ("/v1/trees/demo/calls", #"{"calls": [], "atomik": true}"#, "atomik"),
        ]
        for (path, body, field) in refusals {
            let reply = try service.request("POST", path, json: body)
            #expect(reply.status == 400, "\(path): \(reply.text)")
            #expect(reply.json["code"].string == "unknown_field")
            #expect(reply.json["field"].string == field)
        }
        let patch = try service.request("PATCH", "/v1/trees/demo/controllers/m", json: #"{"titel": "Map"}"#)
        #expect(patch.status == 400)
        #expect(patch.json["field"].string == "titel")
        #expect(try service.request("GET", "/v1/trees/demo").text == before, "refusals changed the tree")
    }

    @Test func unknownCallArgumentsAreRefusedAndRolledBack() throws {
        let service = try TestService(.router)
        try service.createTree("demo", root: #"{"id": "root"}"#)
        try service.request("POST", "/v1/trees/demo/controllers", json: #"{"id": "m"}"#)
        let before = try service.request("GET", "/v1/trees/demo").text
        let reply = try service.request(
            "POST", "/v1/trees/demo/calls",
            json: #"{"calls": [{"receiver": "root", "method": "addChild", "args": {"child": "m", "animatd": true}}]}"#)
        #expect(reply.status == 400, "\(reply.text)")
        #expect(reply.json["field"].string == "calls[0].args.animatd")
        #expect(reply.json["applied"].int == 0)
        #expect(try service.request("GET", "/v1/trees/demo").text == before, "the refused call stayed applied")

        let noArguments = try service.request(
            "POST", "/v1/trees/demo/calls", json: #"{"calls": [{"receiver": "root", "method": "runLoop", "args": {"x": 1}}]}"#)
        #expect(noArguments.json["field"].string == "calls[0].args.x")
    }
}
