import MicroHTTPTestSupport
import Testing

/// Every refusal is a problem+json with the right status, and changes nothing.
@Suite struct ProblemTests {
    @Test func malformedJSONIsA400WithoutField() throws {
        let service = try TestService(.router)
        let reply = try service.request("POST", "/v1/trees", json: #"{"id": "#)
        #expect(reply.status == 400)
        #expect(reply.header("Content-Type") == "application/problem+json")
        #expect(reply.json["code"].string == "malformed_json")
        #expect(reply.json["field"].isNull)
    }

    @Test func missingAndMistypedFieldsAreNamed() throws {
        let service = try TestService(.router)
        try service.createTree("demo", root: #"{"id": "root"}"#)
        let missing = try service.request("POST", "/v1/trees/demo/controllers/root/children", json: "{}")
        #expect(missing.status == 400)
        #expect(missing.json["field"].string == "child")

        let mistyped = try service.request(
            "POST", "/v1/trees/demo/controllers/root/transitions", json: #"{"from": "a", "to": "b", "duration": "slow"}"#)
        #expect(mistyped.status == 400)
        #expect(mistyped.json["field"].string == "duration")

        let nested = try service.request("POST", "/v1/trees/demo/calls", json: #"{"calls": [{"receiver": "root"}]}"#)
        #expect(nested.json["field"].string == "calls[0].method")

        try service.request("POST", "/v1/trees/demo/controllers", json: #"{"id": "map"}"#)
        try service.request("POST", "/v1/trees/demo/controllers/root/children", json: #"{"child": "map"}"#)
        try service.request("POST", "/v1/trees/demo/controllers", json: #"{"id": "list"}"#)
        for duration in ["-1", "1e300"] {
            let outOfRange = try service.request(
                "POST", "/v1/trees/demo/controllers/root/transitions", json: #"{"from": "map", "to": "list", "duration": \#(duration)}"#)
            #expect(outOfRange.status == 400)
            #expect(outOfRange.json["field"].string == "duration")
        }
    }

    @Test func invalidIdsAreNamed() throws {
        let service = try TestService(.router)
        let tree = try service.request("POST", "/v1/trees", json: #"{"id": "no spaces"}"#)
        #expect(tree.status == 400)
        #expect(tree.json["field"].string == "id")

        let nested = try service.request(
            "POST", "/v1/trees", json: #"{"id": "ok", "root": {"id": "root", "children": [{"id": "a/b"}]}}"#)
        #expect(nested.status == 400)
        #expect(nested.json["field"].string == "root.children[0].id")
        #expect(try service.request("GET", "/v1/trees/ok").status == 404, "a rejected create leaves no tree")
    }

    @Test func unknownCallMethodIsA400NamingIt() throws {
        let service = try TestService(.router)
        try service.createTree("demo", root: #"{"id": "root"}"#)
        let reply = try service.request("POST", "/v1/trees/demo/calls", json: #"{"calls": [{"receiver": "root", "method": "explode"}]}"#)
        #expect(reply.status == 400)
        #expect(reply.json["field"].string == "calls[0].method")
        #expect(reply.json["callIndex"].int == 0)
    }

    @Test func unknownTreeIsA404() throws {
        let service = try TestService(.router)
        for (method, path) in [("GET", "/v1/trees/ghost"), ("GET", "/v1/trees/ghost/events"), ("DELETE", "/v1/trees/ghost")] {
            let reply = try service.request(method, path)
            #expect(reply.status == 404)
            #expect(reply.json["code"].string == "tree_not_found")
        }
    }

    @Test func hierarchyInconsistencyIsA409WithUIKitsName() throws {
        let service = try TestService(.router)
        try service.createTree("demo", root: #"{"id": "root", "containerViews": [{"id": "content"}]}"#)
        try service.request("POST", "/v1/trees/demo/controllers", json: #"{"id": "other"}"#)
        try service.request("POST", "/v1/trees/demo/controllers", json: #"{"id": "map"}"#)
        let calls =
            #"[{"receiver": "other", "method": "addChild", "args": {"child": "map"}}, "#
            + #"{"receiver": "content", "method": "addSubview", "args": {"view": "map.view"}}]"#
        let before = try service.request("GET", "/v1/trees/demo").json

        let atomic = try service.request("POST", "/v1/trees/demo/calls", json: #"{"atomic": true, "calls": \#(calls)}"#)
        #expect(atomic.status == 409)
        #expect(atomic.json["title"].string == "UIViewControllerHierarchyInconsistency")
        #expect(atomic.json["code"].string == "hierarchy_inconsistency")
        #expect(atomic.json["detail"].string?.hasPrefix("child view controller:<map> should have parent view controller:") == true)
        #expect(atomic.json["callIndex"].int == 1)
        #expect(atomic.json["applied"].int == 0)
        #expect(atomic.callbacks == [])
        #expect(try service.request("GET", "/v1/trees/demo").json == before, "atomic: nothing applied")

        let partial = try service.request("POST", "/v1/trees/demo/calls", json: #"{"calls": \#(calls)}"#)
        #expect(partial.status == 409)
        #expect(partial.json["applied"].int == 1)
        #expect(partial.callbacks == ["map.willMove(other)"])
        #expect(try service.request("GET", "/v1/trees/demo/controllers/map").json["parent"].string == "other")
    }

    @Test func duplicateTreeIdIsA409() throws {
        let service = try TestService(.router)
        try service.createTree("demo")
        let reply = try service.request("POST", "/v1/trees", json: #"{"id": "demo"}"#)
        #expect(reply.status == 409)
        #expect(reply.json["code"].string == "tree_exists")
        #expect(reply.json["field"].string == "id")
    }

    @Test func bodyOverTheLimitIsA413() throws {
        let service = try TestService { $0.http.maxBodySize = 256 }
        let big = #"{"id": "big", "root": {"id": "root", "title": ""# + String(repeating: "x", count: 400) + #""}}"#
        let declared = try service.request("POST", "/v1/trees", json: big)
        #expect(declared.status == 413)
        #expect(declared.json["code"].string == "body_too_large")

        let connection = try TestHTTPConnection(port: service.port)
        defer { connection.close() }
        let chunk = Array(big.utf8)
        let chunked = Array("\(String(chunk.count, radix: 16))\r\n".utf8) + chunk + Array("\r\n0\r\n\r\n".utf8)
        let streamed = try connection.request(
            "POST", "/v1/trees", headers: [("Content-Type", "application/json"), ("Transfer-Encoding", "chunked")], body: chunked)
        #expect(streamed.status == 413)
        #expect(try service.request("GET", "/v1/trees/big").status == 404)
    }

    @Test func nonJSONBodyIsA415() throws {
        let service = try TestService(.router)
        let reply = try service.request("POST", "/v1/trees", json: "id=demo", headers: [("Content-Type", "application/x-www-form-urlencoded")])
        #expect(reply.status == 415)
        #expect(reply.json["code"].string == "unsupported_media_type")
        #expect(try service.request("GET", "/v1/trees").json["trees"] == .array([]))
    }

    @Test func tooManyTreesIsA507() throws {
        let service = try TestService(.router) { $0.maxTrees = 2 }
        try service.createTree("one")
        try service.createTree("two")
        let reply = try service.request("POST", "/v1/trees", json: #"{"id": "three"}"#)
        #expect(reply.status == 507)
        #expect(reply.json["code"].string == "tree_limit_exceeded")
        try service.request("DELETE", "/v1/trees/one")
        try service.createTree("three")
    }

    @Test func tooManyControllersIsA507() throws {
        let service = try TestService(.router) { $0.maxControllersPerTree = 2 }
        try service.createTree("demo", root: #"{"id": "root", "children": [{"id": "map"}]}"#)
        let reply = try service.request("POST", "/v1/trees/demo/controllers", json: #"{"id": "list"}"#)
        #expect(reply.status == 507)
        #expect(reply.json["code"].string == "too_many_controllers")
        let tooBig = try service.request("POST", "/v1/trees", json: #"{"id": "big", "root": {"id": "a", "children": [{"id": "b"}, {"id": "c"}]}}"#)
        #expect(tooBig.status == 507)
    }

    @Test func eventsNoLongerRetainedAreA410() throws {
        let service = try TestService(.router) { $0.eventsRetainedPerTree = 4 }
        try service.createTree("demo", root: #"{"id": "root", "children": [{"id": "map"}]}"#)
        let gone = try service.request("GET", "/v1/trees/demo/events?after=0")
        #expect(gone.status == 410)
        #expect(gone.json["code"].string == "events_gone")
        let oldest = try #require(gone.json["oldestSeq"].int)
        let page = try service.request("GET", "/v1/trees/demo/events?after=\(oldest - 1)")
        #expect(page.status == 200)
        #expect(page.json["events"].array.count == 4)
    }
}
