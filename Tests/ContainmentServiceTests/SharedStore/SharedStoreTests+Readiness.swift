import Foundation
import PostgresTestSupport
import Testing

@testable import ContainmentPersistence
@testable import ContainmentService

/// `/readyz` with a shared store says whether the store takes this instance's writes (a
/// rolled-back probe at start, every 5 s and at once after a refused commit), and bad input is
/// refused before the database is asked.
extension SharedStoreTests {
    @Test func anInstanceWhoseUserCannotWriteIsNotReady() throws {
        let schema = try PostgresTestSchema()
        let owner = try Self.instance(schema)
        try owner.createTree("t", root: #"{"id": "root"}"#)
        let reader = try PostgresTestRole.readOnly(in: schema)
        let readOnly = try TestService { $0.stateURL = reader.url }
        let ready = try readOnly.request("GET", "/readyz")
        #expect(ready.status == 503)
        #expect(ready.json["code"].string == "state_unavailable")
        #expect(try owner.request("GET", "/readyz").status == 200)
    }

    /// A table that refuses every row (here a constraint, as damage or a bad migration would)
    /// makes the instance unready after its first refused commit, and ready again once fixed.
    @Test func anInstanceWhoseStoreRefusesCommitsBecomesUnreadyUntilItTakesThemAgain() throws {
        let schema = try PostgresTestSchema()
        let service = try Self.instance(schema)
        try service.createTree("t", root: #"{"id": "root"}"#)
        #expect(try service.request("GET", "/readyz").status == 200)

        try schema.execute("ALTER TABLE containment_journal ADD CONSTRAINT damaged CHECK (version < 0) NOT VALID")
        #expect(try service.request("POST", "/v1/trees/t/controllers", json: #"{"id": "a"}"#).status == 503)
        let unready = try Self.waitUntil(seconds: 2) { try service.request("GET", "/readyz").status == 503 }
        #expect(unready, "still ready 2 s after a commit the store refused")

        try schema.execute("ALTER TABLE containment_journal DROP CONSTRAINT damaged")
        let readyAgain = try Self.waitUntil(seconds: 7) { try service.request("GET", "/readyz").status == 200 }
        #expect(readyAgain, "not ready 7 s after the store took writes again")
        #expect(try service.request("POST", "/v1/trees/t/controllers", json: #"{"id": "a"}"#).status == 201)
    }

    @Test func aCursorHoldingNULIsABadRequestNotAnUnavailableStore() throws {
        let schema = try PostgresTestSchema()
        let service = try Self.instance(schema)
        let reply = try service.request("GET", "/v1/trees?cursor=%00")
        #expect(reply.status == 400)
        #expect(reply.json["field"].string == "cursor")
        #expect(try service.request("GET", "/v1/trees?cursor=a").status == 200)
    }
}
