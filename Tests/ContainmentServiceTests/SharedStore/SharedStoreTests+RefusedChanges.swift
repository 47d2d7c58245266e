import Foundation
import PostgresTestSupport
import Testing

/// A change the shared store refused to commit changes nothing: a refused creation leaves no
/// tree (404, unlisted), a refused mutation leaves its tree listed as it was, on every page.
extension SharedStoreTests {
    @Test func aChangeTheStoreRefusedLeavesEveryListingPageAsItWas() throws {
        let schema = try PostgresTestSchema()
        let service = try Self.instance(schema)
        try service.createTree("a", root: #"{"id": "root"}"#)
        try service.createTree("b", root: #"{"id": "root"}"#)
        let before = try service.request("GET", "/v1/trees").json["trees"]

        try schema.execute("ALTER TABLE containment_trees ADD CONSTRAINT refused CHECK (id <> 'c') NOT VALID")
        try schema.execute("ALTER TABLE containment_journal ADD CONSTRAINT damaged CHECK (version < 0) NOT VALID")
        let creation = try service.request("PUT", "/v1/trees/c", json: #"{"clock": "manual", "root": {"id": "root"}}"#)
        #expect(creation.status == 503)
        #expect(creation.json["code"].string == "state_not_durable")
        let mutation = try service.request("POST", "/v1/trees/b/controllers", json: #"{"id": "lost"}"#)
        #expect(mutation.status == 503)

        let read = try service.request("GET", "/v1/trees/c")
        #expect(read.status == 404)
        #expect(read.json["code"].string == "tree_not_found")
        var pages: [Int] = []
        var listed: [String] = []
        var target: String? = "/v1/trees?limit=1"
        while let page = target, pages.count < 10 {
            let reply = try service.request("GET", page)
            pages.append(reply.status)
            listed += reply.json["trees"].array.compactMap { $0["id"].string }
            target = reply.json["nextCursor"].string.map { "/v1/trees?limit=1&cursor=\($0)" }
        }
        #expect(pages == [200, 200])
        #expect(listed == ["a", "b"])
        #expect(try service.request("GET", "/v1/trees").json["trees"] == before)
    }
}
