import Containment
import ContainmentConformance
import Foundation
import Testing

@testable import ContainmentService

@Suite struct CompareRouteTests {
    static func outcomesJSON(_ outcomes: [StepOutcome]) throws -> String {
        String(decoding: try JSONEncoder().encode(outcomes), as: UTF8.self)
    }

    @Test func recordedOutcomesPass() throws {
        let service = try TestService(.router)
        let scenario = try #require(ScenarioCorpus.scenario("rule13-push"))
        let observed = try Self.outcomesJSON(scenario.steps.compactMap(\.expect))
        let reply = try service.request("POST", "/v1/compare", json: #"{"scenario": "rule13-push", "observed": \#(observed)}"#)
        #expect(reply.status == 200)
        #expect(reply.json["passed"] == .bool(true))
        #expect(reply.json["verdict"].string?.hasPrefix("PASS rule13-push") == true)
    }

    /// The event that came early is marked and named against what it overtook.
    @Test func swappedCallbacksAreOutOfOrderWithPositionsAndText() throws {
        let service = try TestService(.router)
        let scenario = try #require(ScenarioCorpus.scenario("rule14-select-new-will-appear-first"))
        var steps = scenario.steps.compactMap(\.expect)
        let willAppear = try #require(steps[0].events.firstIndex { $0.callback == "viewWillAppear" })
        let willDisappear = try #require(steps[0].events.firstIndex { $0.callback == "viewWillDisappear" })
        steps[0].events.swapAt(willAppear, willDisappear)
        let reply = try service.request(
            "POST", "/v1/compare", json: #"{"scenario": "\#(scenario.id)", "observed": \#(try Self.outcomesJSON(steps))}"#)
        #expect(reply.json["passed"] == .bool(false))
        let step = reply.json["steps"][1]
        #expect(step["outOfOrder"].arrayValue.count == 1)
        #expect(step["outOfOrder"][0]["expectedPosition"].numberValue != step["outOfOrder"][0]["observedPosition"].numberValue)
        #expect(step["outOfOrder"][0]["explanation"].string?.hasPrefix("came before ") == true)
        #expect(reply.json["text"].string?.contains("   (came before ") == true)
        #expect(reply.json["text"].string?.contains("   (expected here)") == true)
        #expect(reply.json["text"].string?.hasPrefix("--- expected \(scenario.id)\n+++ observed \(scenario.id)\n@@ step 0") == true)
    }

    @Test func expectedAndObservedWithOptions() throws {
        let service = try TestService(.router)
        let body = #"""
            {"expected": [{"events": [{"controller": "p", "callback": "viewWillAppear", "args": {"animated": false}},
                                      {"controller": "p", "callback": "viewIsAppearing", "args": {"animated": false}},
                                      {"controller": "p", "callback": "viewDidLayoutSubviews"}]}],
             "observed": [{"events": [{"controller": "p", "callback": "viewWillAppear", "args": {"animated": true}}]}],
             "options": {"ignoreLayout": true, "ignoreViewIsAppearing": true, "ignoreArgs": IGNORE}}
            """#
        let strict = try service.request("POST", "/v1/compare", json: body.replacingOccurrences(of: "IGNORE", with: "false"))
        #expect(strict.json["passed"] == .bool(false))
        #expect(strict.json["steps"][0]["differing"][0]["fields"] == .array(["args"]))
        let lenient = try service.request("POST", "/v1/compare", json: body.replacingOccurrences(of: "IGNORE", with: "true"))
        #expect(lenient.json["passed"] == .bool(true))
    }

    @Test func badBodiesAreProblems() throws {
        let service = try TestService(.router)
        let both = try service.request("POST", "/v1/compare", json: #"{"scenario": "rule13-push", "expected": [], "observed": []}"#)
        #expect(both.status == 400)
        let neither = try service.request("POST", "/v1/compare", json: #"{"observed": []}"#)
        #expect(neither.status == 400)
        let unknown = try service.request("POST", "/v1/compare", json: #"{"scenario": "nope", "observed": []}"#)
        #expect(unknown.status == 404)
        let event = #"{"controller": "p", "callback": "viewWillAppear"}"#
        let tooMany = "[" + Array(repeating: event, count: 1_001).joined(separator: ",") + "]"
        let large = try service.request("POST", "/v1/compare", json: #"{"expected": [{"events": \#(tooMany)}], "observed": []}"#)
        #expect(large.status == 413)
        #expect(large.json["code"].string == "compare_too_large")
    }

    /// Empty steps cost almost nothing to send and each costs work and answer: 300,000 of them
    /// (900 KB) took 7 s of CPU and answered 39 MB. Steps and events in all are bounded too.
    @Test func stepsAndEventsInAllAreBounded() throws {
        let service = try TestService()
        let steps = "[" + Array(repeating: #"{"events": []}"#, count: CompareLimits.maxSteps + 1).joined(separator: ",") + "]"
        let manySteps = try service.request("POST", "/v1/compare", json: #"{"expected": \#(steps), "observed": \#(steps)}"#)
        #expect(manySteps.status == 413, "\(manySteps.text.prefix(200))")
        #expect(manySteps.json["code"].string == "compare_too_large")
        let scenarioSteps = try service.request("POST", "/v1/compare", json: #"{"scenario": "rule13-push", "observed": \#(steps)}"#)
        #expect(scenarioSteps.status == 413)
        // Counted before decoding (scripts/reliability's `compare` probe times it): 300,000 empty
        // steps (900 KB) took seconds to decode.
        let empty = "[" + Array(repeating: "{}", count: 300_000).joined(separator: ",") + "]"
        let tiny = try service.request("POST", "/v1/compare", json: #"{"scenario": "rule13-push", "observed": \#(empty)}"#)
        #expect(tiny.status == 413)
        #expect(tiny.json["code"].string == "compare_too_large")

        let event = #"{"controller": "p", "callback": "viewWillAppear"}"#
        let full = #"{"events": ["# + Array(repeating: event, count: CompareLimits.maxEventsPerStep).joined(separator: ",") + "]}"
        let fullSteps = "[" + Array(repeating: full, count: CompareLimits.maxEvents / CompareLimits.maxEventsPerStep / 2 + 1).joined(separator: ",") + "]"
        let manyEvents = try service.request("POST", "/v1/compare", json: #"{"expected": \#(fullSteps), "observed": \#(fullSteps)}"#)
        #expect(manyEvents.status == 413)
        #expect(manyEvents.json["code"].string == "compare_too_large")
        #expect(manyEvents.json["detail"].string?.contains("in all") == true)
    }

    /// What a comparison holds while it runs is reserved from the memory budget: with too
    /// little left it is a 507, and what it reserved is given back afterwards.
    @Test func aComparisonCountsAgainstTheMemoryBudget() throws {
        let service = try TestService { $0.memoryBudget = 4 << 20 }
        let event = #"{"controller": "p", "callback": "viewWillAppear"}"#
        let side = #"[{"events": ["# + Array(repeating: event, count: 1_000).joined(separator: ",") + "]}]"
        let large = try service.request("POST", "/v1/compare", json: #"{"expected": \#(side), "observed": \#(side)}"#)
        #expect(large.status == 507, "\(large.text.prefix(200))")
        #expect(large.json["code"].string == "memory_budget_exceeded")
        let small = try service.request("POST", "/v1/compare", json: #"{"expected": [{"events": [\#(event)]}], "observed": []}"#)
        #expect(small.status == 200)
        #expect(service.service.core.budget.usedBytes == 0)
    }
}
