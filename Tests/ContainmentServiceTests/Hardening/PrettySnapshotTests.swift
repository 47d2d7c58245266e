import Testing

/// `?pretty` snapshots come from the per-version cache and follow every change.
@Suite struct PrettySnapshotTests {
    @Test func prettyReadsAreCachedPerVersion() throws {
        let service = try TestService(.router)
        try service.createTree("demo", root: #"{"id": "root", "title": "before"}"#)
        let first = try service.request("GET", "/v1/trees/demo?pretty")
        #expect(first.status == 200)
        #expect(first.header("Content-Type") == "application/json")
        #expect(first.text.contains("\n  "), "indented")
        #expect(first.json == (try service.request("GET", "/v1/trees/demo")).json, "same snapshot as the compact form")
        #expect(try service.request("GET", "/v1/trees/demo?pretty").body == first.body)

        try service.request("PATCH", "/v1/trees/demo/controllers/root", json: #"{"title": "after"}"#)
        let changed = try service.request("GET", "/v1/trees/demo?pretty")
        #expect(changed.text.contains("after"))
        #expect(!changed.text.contains("before"))
    }
}
