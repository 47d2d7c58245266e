import Testing

@Suite struct SystemRouteTests {
    @Test func healthzAnswersOK() throws {
        let service = try TestService(.router)
        let reply = try service.request("GET", "/healthz")
        #expect(reply.status == 200)
        #expect(reply.header("Content-Type") == "application/json")
        #expect(reply.json["status"].string == "ok")
        // The usual answer is built once and sent again; `?pretty` still gets its own.
        let again = try service.request("GET", "/healthz")
        #expect(again.text == reply.text && again.header("X-Content-Type-Options") == "nosniff")
        let pretty = try service.request("GET", "/healthz?pretty")
        #expect(pretty.json["status"].string == "ok" && pretty.text.contains("\n"))
    }

    @Test func metricsCountRequestsByRouteTemplateAndTrackTrees() throws {
        let service = try TestService(.router)
        try service.createTree("metrics-tree", root: #"{"id": "root"}"#)
        try service.request("GET", "/v1/trees/metrics-tree")
        let reply = try service.request("GET", "/metrics")
        #expect(reply.status == 200)
        #expect(reply.header("Content-Type")?.hasPrefix("text/plain") == true)
        #expect(reply.text.contains(#"containment_http_request_duration_seconds_count{route="/v1/trees/{tree}",method="GET",status="200"} 1"#))
        #expect(reply.text.contains(#"containment_http_request_duration_seconds_count{route="/v1/trees",method="POST",status="201"} 1"#))
        #expect(!reply.text.contains("metrics-tree"), "labels hold templates, never client ids")
        #expect(reply.text.contains("containment_trees 1"))
        #expect(reply.text.contains("containment_controllers 1"))
        #expect(reply.text.contains("containment_events_published_total 7"))

        try service.request("DELETE", "/v1/trees/metrics-tree")
        let after = try service.request("GET", "/metrics").text
        #expect(after.contains("containment_trees 0"))
        #expect(after.contains("containment_controllers 0"))
        #expect(after.contains("containment_events_retained 0"))
    }

    @Test func servesItsOpenAPIDocument() throws {
        let service = try TestService(.router)
        let reply = try service.request("GET", "/openapi.yaml")
        #expect(reply.status == 200)
        #expect(reply.header("Content-Type") == "application/yaml")
        #expect(reply.text.hasPrefix("openapi: 3.1.0"))
    }

    @Test func unknownRouteIsA404Problem() throws {
        let service = try TestService(.router)
        let reply = try service.request("GET", "/v1/nothing-here")
        #expect(reply.status == 404)
        #expect(reply.header("Content-Type") == "application/problem+json")
        #expect(reply.json["code"].string == "route_not_found")
        #expect(reply.json["type"].string == "about:blank")
        #expect(reply.json["title"].string == "Not Found")
    }

    @Test func wrongMethodIsA405WithAllow() throws {
        let service = try TestService(.router)
        let reply = try service.request("PATCH", "/v1/trees/demo")
        #expect(reply.status == 405)
        #expect(reply.header("Allow") == "PUT, GET, HEAD, DELETE, OPTIONS")
        #expect(reply.json["code"].string == "method_not_allowed")

        let collection = try service.request("DELETE", "/v1/trees")
        #expect(collection.status == 405)
        #expect(collection.header("Allow") == "POST, GET, HEAD, OPTIONS")
    }

    /// RFC 9110 §9.3.7: `OPTIONS` on a resource says what it allows, `OPTIONS *` what the
    /// server does; neither needs a token.
    @Test func optionsAnswersAllowForAPathAndForTheServer() throws {
        let service = try AccessControlTests.service()
        let path = try service.request("OPTIONS", "/v1/trees/demo")
        #expect(path.status == 204)
        #expect(path.header("Allow") == "PUT, GET, HEAD, DELETE, OPTIONS")
        #expect(path.body.isEmpty)
        #expect(try service.request("OPTIONS", "/v1/nothing").status == 404)

        let server = try service.request("OPTIONS", "*")
        #expect(server.status == 204)
        #expect(server.header("Allow") == "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS")
    }

    @Test func prettyIndentsJSON() throws {
        let service = try TestService(.router)
        #expect(try service.request("GET", "/healthz").text == #"{"status":"ok"}"#)
        #expect(try service.request("GET", "/healthz?pretty").text == "{\n  \"status\" : \"ok\"\n}")
    }
}
