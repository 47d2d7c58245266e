import Foundation
import PostgresTestSupport
import Testing

@testable import ContainmentPersistence
@testable import ContainmentService

/// Access control across instances: a token that may not see a tree gets the same 404 as for a
/// missing one, and its request neither takes the tree from its holder nor loads it.
extension SharedStoreTests {
    @Test func aTokenThatDoesNotOwnATreeNeitherMovesNorLoadsIt() throws {
        let schema = try PostgresTestSchema()
        let (first, second) = try Self.instances(schema, callers: ["alice user", "bob user"])
        let alice = Self.bearer("alice")
        let bob = Self.bearer("bob")
        #expect(try first.request("PUT", "/v1/trees/t", json: #"{"root": {"id": "root"}}"#, headers: alice).status == 201)
        let holder = { try schema.value("SELECT instance::text FROM containment_heads WHERE tree = 't'") }
        let owner = try holder()

        let attempts = [
            ("GET", "/v1/trees/t", nil, 404), ("GET", "/v1/trees/t/events?after=0&limit=10", nil, 404),
            ("POST", "/v1/trees/t/controllers", #"{"id": "a"}"#, 404), ("DELETE", "/v1/trees/t", nil, 404),
            ("PUT", "/v1/trees/t", #"{"root": {"id": "root"}}"#, 409),
        ]
        for (method, target, body, status) in attempts {
            let reply = try second.request(method, target, json: body, headers: bob)
            #expect(reply.status == status, "\(method) \(target): \(reply.text)")
            #expect(try holder() == owner, "\(method) \(target) moved the tree")
            #expect(second.service.core.registry.held("t") == nil, "\(method) \(target) loaded the tree")
        }
        // Its owner still serves it where it was, and may move it.
        #expect(first.service.core.registry.held("t") != nil)
        #expect(try second.request("GET", "/v1/trees/t", headers: alice).status == 200)
        #expect(try holder() != owner)
    }
}
