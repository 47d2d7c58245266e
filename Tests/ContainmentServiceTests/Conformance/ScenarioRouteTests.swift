import Containment
import ContainmentConformance
import Foundation
import Testing

@Suite struct ScenarioRouteTests {
    @Test func listsTheCorpusWithRules() throws {
        let service = try TestService(.router)
        let reply = try service.request("GET", "/v1/scenarios")
        #expect(reply.status == 200)
        guard case .array(let scenarios) = reply.json["scenarios"], case .array(let rules) = reply.json["rules"] else {
            Issue.record("no lists: \(reply.text)")
            return
        }
        #expect(scenarios.count == ScenarioCorpus.scenarios.count)
        #expect(scenarios.first?["id"].string == ScenarioCorpus.scenarios.first?.id)
        #expect(rules.count == ConformanceRule.all.count)
        #expect(rules.allSatisfy { ($0["scenarios"].numberValue ?? 0) > 0 })
    }

    @Test func filtersByRuleAndTag() throws {
        let service = try TestService(.router)
        let byRule = try service.request("GET", "/v1/scenarios?rule=13").json["scenarios"]
        let expected = ScenarioCorpus.scenarios.filter { $0.rule.number == 13 }.map(\.id)
        #expect(byRule.arrayValue.map { $0["id"].string ?? "" } == expected)
        let byTag = try service.request("GET", "/v1/scenarios?tag=tunnel").json["scenarios"]
        #expect(byTag.arrayValue.count == ScenarioCorpus.scenarios.count { $0.tags.contains("tunnel") })
        #expect(try service.request("GET", "/v1/scenarios?rule=zero").status == 400)
    }

    @Test func readsOneScenario() throws {
        let service = try TestService(.router)
        let reply = try service.request("GET", "/v1/scenarios/rule13-push")
        #expect(reply.status == 200)
        let scenario = try JSONDecoder().decode(Scenario.self, from: Data(reply.body))
        #expect(scenario == ScenarioCorpus.scenario("rule13-push"))
        let missing = try service.request("GET", "/v1/scenarios/nope")
        #expect(missing.status == 404)
        #expect(missing.json["code"].string == "scenario_not_found")
    }

    @Test func runCreatesATreeAndReportsEachStep() throws {
        let service = try TestService(.router)
        let scenario = try #require(ScenarioCorpus.scenario("guide-cycle-from-view-controller"))
        let reply = try service.request("POST", "/v1/scenarios/\(scenario.id)/runs", json: "{}")
        #expect(reply.status == 201)
        let tree = try #require(reply.json["tree"].string)
        #expect(reply.header("Location") == "/v1/trees/\(tree)")
        #expect(reply.json["passed"] == .bool(true))
        #expect(reply.json["steps"].arrayValue.count == scenario.steps.count)
        // The step's events are the API's events (seq, batch), and match the recorded ones.
        let transitionEvents = reply.json["steps"][1]["events"].arrayValue
        #expect(transitionEvents.map { $0["callback"].string } == scenario.steps[1].expect?.events.map(\.callback))
        #expect(transitionEvents.allSatisfy { $0["seq"].numberValue != nil && $0["batch"].numberValue != nil })
        // The tree stays for inspection, its log holding the whole run.
        let events = try service.request("GET", "/v1/trees/\(tree)/events?limit=1000").json["events"].arrayValue
        let recorded = (scenario.tree.expect?.events.count ?? 0) + scenario.steps.reduce(0) { $0 + ($1.expect?.events.count ?? 0) }
        #expect(events.count == recorded)
        #expect(try service.request("POST", "/v1/scenarios/nope/runs", json: "{}").status == 404)
        #expect(try service.request("POST", "/v1/scenarios/\(scenario.id)/runs", json: #"{"fast": true}"#).status == 400)
        #expect(try service.request("POST", "/v1/scenarios/\(scenario.id)/runs", headers: [("Content-Type", "text/plain")]).status == 415)
    }

    /// The service's own run of every scenario matches its recording, and its tree can be
    /// deleted afterwards.
    @Test func everyScenarioRunPasses() throws {
        let service = try TestService(.router)
        for scenario in ScenarioCorpus.scenarios {
            let reply = try service.request("POST", "/v1/scenarios/\(scenario.id)/runs", json: "{}")
            #expect(reply.status == 201)
            #expect(reply.json["passed"] == .bool(true), "\(reply.json["verdict"].string ?? reply.text)")
            let tree = reply.json["tree"].string ?? ""
            #expect(try service.request("DELETE", "/v1/trees/\(tree)").status == 200)
        }
    }

    @Test func runReportsARefusalAsTheStepsProblem() throws {
        let service = try TestService(.router)
        let reply = try service.request("POST", "/v1/scenarios/rule05-add-child-self/runs", json: "{}")
        #expect(reply.status == 201)
        #expect(reply.json["steps"][0]["problem"]["title"].string == "NSInvalidArgumentException")
        #expect(reply.json["passed"] == .bool(true))
    }
}

extension JSONValue {
    var arrayValue: [JSONValue] {
        if case .array(let items) = self { return items }
        return []
    }
}
