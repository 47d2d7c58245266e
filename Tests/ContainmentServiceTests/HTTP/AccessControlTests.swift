import Foundation
import Testing

@testable import ContainmentService

/// Two users and an admin: each user sees only the trees its token created, through every
/// route family; the admin sees all; probes stay open.
struct AccessControlTests {
    static let tokens: [String: String] = ["alice": "token-alice", "bob": "token-bob", "ops": "token-ops"]

    static func service(_ mode: TestService.Mode = .router, protectingMetrics: Bool = false) throws -> TestService {
        let hex = { (token: String) in SHA256.hash(Array(token.utf8)).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() }
        let file = "alice user \(hex("token-alice"))\nbob user \(hex("token-bob"))\nops admin \(hex("token-ops"))\n"
        let tokens = try AccessTokens(fileText: file)
        return try TestService(mode) {
            $0.accessTokens = tokens
            $0.protectsMetrics = protectingMetrics
        }
    }

    static func auth(_ name: String) -> [(String, String)] { [("Authorization", "Bearer \(tokens[name]!)")] }

    /// Alice's tree `a1` with a child `map`, a manual clock and a running transition.
    static func aliceTree(_ service: TestService) throws {
        let created = try service.request(
            "PUT", "/v1/trees/a1", json: #"{"clock": "manual", "root": {"id": "root", "children": [{"id": "map"}]}}"#,
            headers: auth("alice"))
        try #require(created.status == 201, "\(created.text)")
    }

    @Test func missingOrUnknownTokenIs401WithABearerChallenge() throws {
        let service = try Self.service()
        let missing = try service.request("GET", "/v1/trees")
        #expect(missing.status == 401)
        #expect(missing.json["code"].string == "token_missing")
        #expect(missing.header("WWW-Authenticate") == #"Bearer realm="containment""#)
        #expect(missing.header("Content-Type") == "application/problem+json")

        let wrong = try service.request("GET", "/v1/trees", headers: [("Authorization", "Bearer token-mallory")])
        #expect(wrong.status == 401)
        #expect(wrong.json["code"].string == "token_invalid")
        #expect(wrong.header("WWW-Authenticate") == #"Bearer realm="containment", error="invalid_token""#)
        let basic = try service.request("GET", "/v1/trees", headers: [("Authorization", "Basic YWxpY2U6eA==")])
        #expect(basic.status == 401)
    }

    @Test func refusedBodyRequestChangesNothing() throws {
        let service = try Self.service()
        let refused = try service.request("POST", "/v1/trees", json: #"{"id": "sneaky"}"#)
        #expect(refused.status == 401)
        #expect(try service.request("GET", "/v1/trees/sneaky", headers: Self.auth("ops")).status == 404)
    }

    @Test func probesAndContractStayOpen() throws {
        let service = try Self.service()
        #expect(try service.request("GET", "/healthz").status == 200)
        #expect(try service.request("GET", "/readyz").status == 200)
        #expect(try service.request("GET", "/openapi.yaml").status == 200)
        #expect(try service.request("GET", "/metrics").status == 200, "metrics open unless --auth-metrics")
    }

    @Test func metricsCanBeProtected() throws {
        let service = try Self.service(protectingMetrics: true)
        #expect(try service.request("GET", "/metrics").status == 401)
        #expect(try service.request("GET", "/metrics", headers: Self.auth("bob")).status == 200)
        #expect(try service.request("GET", "/healthz").status == 200)
    }

    @Test func anotherUsersTreeIsNotFoundOnEveryTreeRoute() throws {
        let service = try Self.service(.live)
        try Self.aliceTree(service)
        let missing = try service.request("GET", "/v1/trees/nowhere", headers: Self.auth("bob"))
        let requests: [(String, String, String?)] = [
            ("GET", "/v1/trees/a1", nil),
            ("GET", "/v1/trees/a1/hierarchy", nil),
            ("GET", "/v1/trees/a1/controllers/root", nil),
            ("PATCH", "/v1/trees/a1/controllers/root", #"{"title": "Bob's"}"#),
            ("DELETE", "/v1/trees/a1/controllers/root/children/map", nil),
            ("DELETE", "/v1/trees/a1/controllers/map", nil),
            ("POST", "/v1/trees/a1/controllers", #"{"id": "list"}"#),
            ("POST", "/v1/trees/a1/controllers/root/children", #"{"child": "list"}"#),
            ("POST", "/v1/trees/a1/calls", #"{"calls": []}"#),
            ("POST", "/v1/trees/a1/clock", #"{"advance": 1}"#),
            ("POST", "/v1/trees/a1/controllers/root/transitions", #"{"from": "map", "to": "list", "duration": 1}"#),
            ("GET", "/v1/trees/a1/transitions/1", nil),
            ("GET", "/v1/trees/a1/events", nil),
            ("DELETE", "/v1/trees/a1", nil),
        ]
        for (method, path, body) in requests {
            let reply = try service.request(method, path, json: body, headers: Self.auth("bob"))
            #expect(reply.status == 404, "\(method) \(path): \(reply.text)")
            #expect(reply.json["code"].string == "tree_not_found", "\(method) \(path)")
            #expect(reply.json["detail"].string == "No tree with id a1.", "the same body as a missing tree")
        }
        #expect(missing.json["code"].string == "tree_not_found")
        let stream = try EventStreamClient(port: service.port, "/v1/trees/a1/events", headers: Self.auth("bob"))
        #expect(stream.status == 404)
        // Nothing of Bob's reached the tree: Alice still has it, unchanged.
        let alice = try service.request("GET", "/v1/trees/a1", headers: Self.auth("alice"))
        #expect(alice.status == 200)
        #expect(try service.request("GET", "/v1/trees/a1/controllers/list", headers: Self.auth("alice")).status == 404)
        #expect(try service.request("GET", "/v1/trees/a1/controllers/root", headers: Self.auth("alice")).json["title"].string != "Bob's")
        #expect(try service.request("GET", "/v1/trees/a1/controllers/map", headers: Self.auth("alice")).json["parent"].string == "root")
    }

    @Test func ownerAndAdminReachTheTreeOnEveryRouteFamily() throws {
        let service = try Self.service(.live)
        try Self.aliceTree(service)
        for name in ["alice", "ops"] {
            let auth = Self.auth(name)
            #expect(try service.request("GET", "/v1/trees/a1", headers: auth).status == 200)
            #expect(try service.request("GET", "/v1/trees/a1/controllers/root", headers: auth).status == 200)
            #expect(try service.request("POST", "/v1/trees/a1/calls", json: #"{"calls": []}"#, headers: auth).status == 200)
            #expect(try service.request("POST", "/v1/trees/a1/clock", json: #"{"advance": 1}"#, headers: auth).status == 200)
            #expect(try service.request("GET", "/v1/trees/a1/events", headers: auth).status == 200)
            let stream = try EventStreamClient(port: service.port, "/v1/trees/a1/events", headers: auth)
            #expect(stream.status == 200)
            #expect(try stream.next()?.event != nil, "replays the retained events")
        }
        let added = try service.request("POST", "/v1/trees/a1/controllers", json: #"{"id": "list"}"#, headers: Self.auth("alice"))
        #expect(added.status == 201, "\(added.text)")
        let started = try service.request(
            "POST", "/v1/trees/a1/controllers/root/transitions", json: #"{"from": "map", "to": "list", "duration": 1}"#,
            headers: Self.auth("alice"))
        #expect(started.status == 202, "\(started.text)")
        let location = try #require(started.header("Location"))
        #expect(try service.request("GET", location, headers: Self.auth("ops")).status == 200)
        #expect(try service.request("GET", location, headers: Self.auth("bob")).status == 404)
        #expect(try service.request("DELETE", "/v1/trees/a1", headers: Self.auth("ops")).status == 200, "the admin may delete")
        #expect(try service.request("GET", "/v1/trees/a1", headers: Self.auth("alice")).status == 404)
    }

    @Test func treeListShowsEachUserItsOwnAndTheAdminAll() throws {
        let service = try Self.service()
        for (name, id) in [("alice", "a1"), ("alice", "a2"), ("bob", "b1"), ("ops", "o1")] {
            let reply = try service.request("POST", "/v1/trees", json: #"{"id": "\#(id)"}"#, headers: Self.auth(name))
            try #require(reply.status == 201)
        }
        let ids = { (name: String) throws -> [String] in
            try service.request("GET", "/v1/trees", headers: Self.auth(name)).json["trees"].array.compactMap { $0["id"].string }
        }
        #expect(try ids("alice") == ["a1", "a2"])
        #expect(try ids("bob") == ["b1"])
        #expect(try ids("ops") == ["a1", "a2", "b1", "o1"])
        // Pages count only what the caller sees.
        let page = try service.request("GET", "/v1/trees?limit=1", headers: Self.auth("alice")).json
        #expect(page["trees"].array.count == 1)
        #expect(page["nextCursor"].string == "a1")
    }

    @Test func allTreesStreamCarriesOnlyVisibleTrees() throws {
        let service = try Self.service(.live)
        let bobStream = try EventStreamClient(port: service.port, "/v1/events", format: .ndjson, headers: Self.auth("bob"))
        let adminStream = try EventStreamClient(port: service.port, "/v1/events", format: .ndjson, headers: Self.auth("ops"))
        #expect(bobStream.status == 200 && adminStream.status == 200)
        #expect(try EventStreamClient(port: service.port, "/v1/events", format: .ndjson).status == 401)

        let root = #"{"root": {"id": "root"}}"#
        let aliceEvents = try service.request("PUT", "/v1/trees/a1", json: root, headers: Self.auth("alice")).json["events"].array
        #expect(try service.request("DELETE", "/v1/trees/a1", headers: Self.auth("alice")).status == 200)
        let bobEvents = try service.request("PUT", "/v1/trees/b1", json: #"{"root": {"id": "root"}}"#, headers: Self.auth("bob"))
            .json["events"].array
        // Bob's stream: his own tree's events and nothing of Alice's (no events, no treeDeleted).
        let bobSees = try bobStream.messages { $0.data == bobEvents.last }
        #expect(bobSees.map(\.data) == bobEvents)
        // The admin sees Alice's events, her tree's deletion, then Bob's.
        let adminSees = try adminStream.messages { $0.data == bobEvents.last }
        #expect(Array(adminSees.prefix(aliceEvents.count)).map(\.data) == aliceEvents)
        #expect(adminSees.contains { $0.event == "treeDeleted" && $0.data["tree"].string == "a1" })
    }

    /// A scenario run's tree belongs to whoever ran it, like a created tree.
    @Test func scenarioRunTreeBelongsToItsCaller() throws {
        let service = try Self.service()
        #expect(try service.request("POST", "/v1/scenarios/guide-cycle-from-view-controller/runs", json: "{}").status == 401)
        let run = try service.request(
            "POST", "/v1/scenarios/guide-cycle-from-view-controller/runs", json: "{}", headers: Self.auth("alice"))
        try #require(run.status == 201, "\(run.text)")
        let tree = try #require(run.json["tree"].string)
        #expect(try service.request("GET", "/v1/trees/\(tree)", headers: Self.auth("alice")).status == 200)
        #expect(try service.request("GET", "/v1/trees/\(tree)", headers: Self.auth("bob")).status == 404)
        #expect(try service.request("GET", "/v1/trees/\(tree)", headers: Self.auth("ops")).status == 200)
    }

    @Test func idsAreOneNamespace() throws {
        let service = try Self.service()
        try Self.aliceTree(service)
        let taken = try service.request("PUT", "/v1/trees/a1", json: "{}", headers: Self.auth("bob"))
        #expect(taken.status == 409, "ids are shared: a taken id is refused, nothing else about the tree is told")
        #expect(taken.json["code"].string == "tree_exists")
    }
}
