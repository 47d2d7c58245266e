import Foundation
import PostgresTestSupport
import Testing

@testable import ContainmentPersistence
@testable import ContainmentService

/// Several instances on one PostgreSQL store (`--state-url`): any instance serves any tree,
/// each tree owned by one at a time, fenced; trees and streams move between them without a
/// change lost or shown twice. Runs against the test server (scripts/test-postgres).
@Suite(.enabled(if: PostgresTestSchema.isAvailable, "needs CONTAINMENT_TEST_POSTGRES_URL (scripts/test-postgres)"))
struct SharedStoreTests {
    static func instance(_ schema: PostgresTestSchema, lease: LeaseTiming = .standard) throws -> TestService {
        try TestService { configuration in
            configuration.stateURL = schema.url
            configuration.leaseTiming = lease
        }
    }

    /// An instance on `store` (a test's, so that it can be abandoned as a killed process
    /// leaves it).
    static func instance(on store: PostgresStore) throws -> TestService {
        try TestService(store: store) { $0.stateURL = "(the test's store)" }
    }

    /// Two live instances on `schema` whose access tokens file names `callers` ("alice user"),
    /// each caller's token being `token-NAME` (`bearer(NAME)`).
    static func instances(_ schema: PostgresTestSchema, callers: [String]) throws -> (TestService, TestService) {
        let hex = { (token: String) in SHA256.hash(Array(token.utf8)).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() }
        let lines = callers.map { caller in "\(caller) \(hex("token-" + String(caller.prefix { $0 != " " })))\n" }
        let tokens = try AccessTokens(fileText: lines.joined())
        let configure = { (configuration: inout ServiceConfiguration) in
            configuration.stateURL = schema.url
            configuration.accessTokens = tokens
        }
        return (try TestService(.live, configure), try TestService(.live, configure))
    }

    static func bearer(_ name: String) -> [(String, String)] { [("Authorization", "Bearer token-\(name)")] }

    @Test func everyKindOfTreeTakenOverByAnotherInstanceIsExactlyAsItsOwnerShowedIt() throws {
        let schema = try PostgresTestSchema()
        let first = try Self.instance(schema)
        let ids = try PersistenceTests.buildTrees(first)
        let before = try PersistenceTests.observe(first, ids)
        let second = try Self.instance(schema)
        let after = try PersistenceTests.observe(second, ids)
        for id in ids { #expect(after[id] == before[id], "tree \(id)") }
        #expect(try second.request("GET", "/v1/trees/gone").status == 404)
        // Handed back: still the same, and it goes on.
        for id in ids { #expect(try ObservedTree(first, id) == before[id], "tree \(id) handed back") }
        let advanced = try second.request("POST", "/v1/trees/manual/clock", json: #"{"advance": 0.3}"#)
        #expect(advanced.json["events"].callbackLines.contains("b.viewDidAppear"))
    }

    /// The fencing test: an owner whose lease ended (here in the database, while by its own
    /// clock it still counts on it, as a process paused past its lease does) loses the tree
    /// to another instance; its next change runs in its memory but its commit is refused:
    /// the client gets 503 `tree_moved`, and the change is nowhere, nor shown by anyone.
    @Test func anOwnerThatLostItsLeaseCannotCommit() throws {
        let schema = try PostgresTestSchema()
        let paused = try Self.instance(schema, lease: LeaseTiming(duration: .seconds(120), renewal: .seconds(60), margin: .seconds(1)))
        try paused.createTree("t", root: #"{"id": "root"}"#)
        #expect(try paused.request("POST", "/v1/trees/t/controllers", json: #"{"id": "before"}"#).status == 201)
        let session = try #require(paused.service.core.ownership?.store.session)
        try schema.execute("UPDATE containment_instances SET expires_at = clock_timestamp() - interval '1 second' WHERE id = \(session)")

        let successor = try Self.instance(schema)
        #expect(try successor.request("POST", "/v1/trees/t/controllers", json: #"{"id": "after"}"#).status == 201)
        let late = try paused.request("POST", "/v1/trees/t/controllers", json: #"{"id": "late"}"#)
        #expect(late.status == 503)
        #expect(late.json["code"].string == "tree_moved")
        let tree = try successor.request("GET", "/v1/trees/t")
        #expect(tree.json["controllers"]["before"] != .null)
        #expect(tree.json["controllers"]["after"] != .null)
        #expect(tree.json["controllers"]["late"] == .null)
        let stored = try schema.value("SELECT count(*)::text FROM containment_journal WHERE tree = 't'")
        #expect(stored == "2")
    }

    /// A killed instance's trees are served by another within the lease (3 s), with every
    /// change it acknowledged.
    @Test func aDeadInstancesTreesAreServedElsewhereWithinTheLease() throws {
        let schema = try PostgresTestSchema()
        let store = try PostgresStore(url: schema.url, instanceName: "doomed")
        let doomed = try Self.instance(on: store)
        try doomed.createTree("t", root: #"{"id": "root"}"#)
        for index in 0..<5 { #expect(try doomed.request("POST", "/v1/trees/t/controllers", json: #"{"id": "c\#(index)"}"#).status == 201) }
        let tag = try doomed.request("GET", "/v1/trees/t").header("ETag")
        store.abandon()
        let died = Date()

        let heir = try Self.instance(schema)
        let tree = try heir.request("GET", "/v1/trees/t")
        let waited = Date().timeIntervalSince(died)
        #expect(tree.status == 200)
        #expect(tree.header("ETag") == tag)
        #expect((0..<5).allSatisfy { tree.json["controllers"]["c\($0)"] != .null })
        #expect(waited <= 3.5, "served after \(waited) s")
    }

    /// A stream on a tree that moves ends with `treeMoved`; resumed on the new owner with
    /// `Last-Event-ID`, it goes on with the next event: no gap, no duplicate.
    @Test func aStreamEndsWithTreeMovedAndResumesOnTheNewOwnerWithoutGapOrDuplicate() throws {
        let schema = try PostgresTestSchema()
        let first = try Self.instance(schema)
        try first.createTree("t", root: #"{"id": "root"}"#)
        let stream = try EventStreamClient(port: first.port, "/v1/trees/t/events")
        var seen = try stream.messages { $0.event == "viewDidAppear" }
        for index in 0..<3 { #expect(try first.request("POST", "/v1/trees/t/controllers", json: #"{"id": "a\#(index)"}"#).status == 201) }
        #expect(
            try first.request("POST", "/v1/trees/t/calls", json: #"{"calls": [{"receiver": "root", "method": "addChild", "args": {"child": "a0"}}]}"#).status
                == 200)
        seen += try stream.messages { $0.event == "willMove" }

        let second = try Self.instance(schema)
        #expect(
            try second.request("POST", "/v1/trees/t/calls", json: #"{"calls": [{"receiver": "a0", "method": "didMove", "args": {"toParent": "root"}}]}"#).status
                == 200)
        let rest = try stream.messages { $0.event == "treeMoved" }
        #expect(rest.last?.event == "treeMoved")
        #expect(try stream.next() == nil)
        seen += rest.dropLast()
        let lastID = try #require(seen.last?.id)

        let resumed = try EventStreamClient(port: second.port, "/v1/trees/t/events", headers: [("Last-Event-ID", lastID)])
        let next = try #require(try resumed.next())
        // Event ids are `<generation>.<seq>`; the new owner gives them out under its own.
        let seq = { (id: String?) in id?.split(separator: ".").last.map(String.init) }
        #expect(next.event != "reset")
        #expect(seq(next.id) == String(UInt64(seq(lastID)!)! + 1))
        let page = try second.request("GET", "/v1/trees/t/events?after=0&limit=1000")
        let all = page.json["events"].array.compactMap { $0["seq"].int.map(String.init) }
        #expect(seen.compactMap { seq($0.id) } + [seq(next.id)!] == Array(all.prefix(seen.count + 1)))
    }

    /// The cross-tree routes work on any instance: `POST /v1/trees` (the instance picks the
    /// id), scenario runs, and `GET /v1/trees` from the store, each caller seeing its own.
    @Test func treesCreatedAnywhereAreListedEverywhereForTheirOwnersOnly() throws {
        let schema = try PostgresTestSchema()
        let (first, second) = try Self.instances(schema, callers: ["alice user", "bob user", "ops admin"])
        let alice = Self.bearer("alice")
        let bob = Self.bearer("bob")
        let created = try first.request("POST", "/v1/trees", json: #"{"root": {"id": "root"}}"#, headers: alice + [("Content-Type", "application/json")])
        #expect(created.status == 201)
        let id = try #require(created.json["tree"]["id"].string)
        let scenarios = try second.request("GET", "/v1/scenarios", headers: bob)
        let scenario = try #require(scenarios.json["scenarios"][0]["id"].string)
        let run = try second.request("POST", "/v1/scenarios/\(scenario)/runs", json: "{}", headers: bob + [("Content-Type", "application/json")])
        #expect(run.status == 201)
        let runTree = try #require(run.json["tree"].string)

        let alices = try second.request("GET", "/v1/trees", headers: alice).json["trees"].array.compactMap { $0["id"].string }
        let bobs = try first.request("GET", "/v1/trees", headers: bob).json["trees"].array.compactMap { $0["id"].string }
        let everyone = try first.request("GET", "/v1/trees", headers: [("Authorization", "Bearer token-ops")]).json["trees"]
        #expect(alices == [id])
        #expect(bobs == [runTree])
        #expect(Set(everyone.array.compactMap { $0["id"].string }) == [id, runTree])
        let listed = try #require(everyone.array.first { $0["id"].string == id })
        #expect(listed["lastSeq"].int == created.json["events"].array.last?["seq"].int)
        #expect(listed["controllerCount"].int == 1)
        // Bob cannot see Alice's tree on either instance.
        #expect(try second.request("GET", "/v1/trees/\(id)", headers: bob).status == 404)
        #expect(try second.request("GET", "/v1/trees/\(id)", headers: alice).status == 200)
    }

    @Test func anIdTakenOnAnotherInstanceIsAConflictAndADeletedOneIsGoneEverywhere() throws {
        let schema = try PostgresTestSchema()
        let first = try Self.instance(schema)
        let second = try Self.instance(schema)
        #expect(try first.request("PUT", "/v1/trees/t", json: #"{"root": {"id": "root"}}"#).status == 201)
        let again = try second.request("PUT", "/v1/trees/t", json: #"{"root": {"id": "root"}}"#)
        #expect(again.status == 409)
        #expect(again.json["code"].string == "tree_exists")
        #expect(try second.request("DELETE", "/v1/trees/t").status == 200)
        #expect(try first.request("GET", "/v1/trees/t").status == 404)
        #expect(try first.request("PUT", "/v1/trees/t", json: #"{"root": {"id": "root"}}"#).status == 201)
        #expect(try second.request("GET", "/v1/trees/t").status == 200)
    }
}
