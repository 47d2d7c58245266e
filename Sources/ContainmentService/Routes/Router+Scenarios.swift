import Containment
import ContainmentConformance
import FoundationEssentials
import MicroHTTP

extension Router {
    /// The conformance suite (docs/conformance.md): the embedded corpus, runs of a scenario on
    /// a fresh tree, and the comparison of a runtime's events with UIKit's.
    mutating func addScenarioRoutes(_ core: ServiceCore) {
        add("GET", "/v1/scenarios") { (request) throws(Problem) in
            let rule = try request.queryInteger("rule", in: 1...999)
            let tag = request.head.queryValue("tag")
            let chosen = ScenarioCorpus.scenarios.filter { scenario in
                (rule.map { scenario.rule.number == $0 } ?? true) && (tag.map { scenario.tags.contains($0) } ?? true)
            }
            let list = ScenarioList(
                scenarios: chosen.map { .init(id: $0.id, title: $0.title, rule: $0.rule.number, tags: $0.tags) },
                rules: ConformanceRule.all.map { rule in
                    .init(
                        number: rule.number, title: rule.title, document: rule.document,
                        scenarios: ScenarioCorpus.scenarios.count { $0.rule.number == rule.number })
                })
            return .response(.encoded(list, pretty: request.wantsPrettyJSON))
        }

        add("GET", "/v1/scenarios/{scenario}") { (request) throws(Problem) in
            let scenario = try Self.scenario(request)
            return .response(.encoded(scenario, pretty: request.wantsPrettyJSON))
        }

        add("POST", "/v1/scenarios/{scenario}/runs") { (request) throws(Problem) in
            let scenario = try Self.scenario(request)
            guard try request.decodeBody([String: JSONValue].self).isEmpty else {
                throw .badRequest("A run takes no options: send `{}` or nothing.", code: "invalid_request")
            }
            let run = try Self.run(scenario, core, owner: request.caller.ownerName, commit: request.commit)
            var response = HTTPResponse.encoded(run, status: 201, pretty: request.wantsPrettyJSON)
            response.headers.add(name: "Location", value: "/v1/trees/\(run.tree)")
            return .response(response)
        }

        add("POST", "/v1/compare") { (request) throws(Problem) in
            // What decoding holds, then what the comparison holds, both while the request runs.
            let decoding = request.http.body.count * CompareLimits.decodedBytesPerBodyByte
            try core.budget.reserve(decoding)
            defer { core.budget.adjust(by: -decoding) }
            let body = try request.decodeBody(CompareBody.self, limit: (CompareLimits.maxObjects, CompareLimits.tooManyObjects))
            let diff = try Self.compare(body, core)
            return .response(.encoded(diff, pretty: request.wantsPrettyJSON))
        }
    }

    private static func scenario(_ request: ServiceRequest) throws(Problem) -> Scenario {
        let id = request.parameter("scenario")
        guard let scenario = ScenarioCorpus.scenario(id) else {
            throw .notFound("No scenario with id \(id); GET /v1/scenarios lists them.", code: "scenario_not_found")
        }
        return scenario
    }

    /// Builds the scenario's tree (manual clock, listed like any other tree, owned by `owner`
    /// like a tree the caller created) and does its steps,
    /// each as its own mutation, so streams and `GET …/events` show the run too. The answer
    /// waits for the last step's record to be durable (`commit`), never this thread.
    private static func run(
        _ scenario: Scenario, _ core: ServiceCore, owner: String?, commit: PendingCommit?
    ) throws(Problem) -> ScenarioRunResponse {
        let id = "run-" + UUID().uuidString.lowercased()
        try core.registry.checkRoom(for: id, isFresh: true)
        try core.budget.checkRoom()
        let (built, outcome) = ScenarioStepper.build(scenario, id: id, base: core.treeConfiguration)
        guard let built else {
            throw Problem(status: 409, code: "scenario_tree_refused", detail: outcome.problem?.detail ?? "the tree could not be built")
        }
        let (_, creationEvents) = try core.register(
            built, clock: .manual, owner: owner, creation: .scenario(id: scenario.id, base: core.treeConfiguration), commit: commit)
        let box = try core.registry.box(id)
        var steps: [ScenarioRunResponse.Step] = []
        for step in scenario.steps {
            let (problem, events) = try box.apply(.scenarioStep(step.action), payload: nil, commit: commit) { (_, applied, _) throws(Problem) in
                applied.stepProblem
            }
            steps.append(.init(events: events.list, problem: problem))
        }
        let observed = ScenarioRun(
            scenario: scenario.id, creation: StepOutcome(events: creationEvents.map(TraceEvent.init)),
            steps: steps.map { StepOutcome(events: $0.events.map(TraceEvent.init), problem: $0.problem) })
        let diff = ScenarioDiff.compare(scenario, observed)
        return ScenarioRunResponse(
            scenario: scenario.id, tree: id, creation: .init(events: creationEvents), steps: steps, passed: diff.passed,
            verdict: diff.verdict)
    }

    private static func compare(_ body: CompareBody, _ core: ServiceCore) throws(Problem) -> ScenarioDiff {
        let options = body.options ?? CompareOptions()
        switch (body.scenario, body.expected) {
        case (.some(let id), nil):
            guard let scenario = ScenarioCorpus.scenario(id) else {
                throw .notFound("No scenario with id \(id); GET /v1/scenarios lists them.", code: "scenario_not_found")
            }
            let expected = scenario.steps.map { $0.expect ?? StepOutcome() }
            let run = ScenarioRun(scenario: id, creation: body.creation ?? scenario.tree.expect ?? StepOutcome(), steps: body.observed)
            return try withinLimits(expected: expected, body, core) { ScenarioDiff.compare(scenario, run, options: options) }
        case (nil, .some(let expected)):
            return try withinLimits(expected: expected, body, core) {
                ScenarioDiff.compare(name: "compare", expected: expected, observed: body.observed, options: options)
            }
        default:
            throw .badRequest("Give either `scenario` or `expected`, not both or neither.", field: "scenario", code: "invalid_field")
        }
    }

    /// Runs `comparison` once the body is within `CompareLimits` (413) and what it will hold is
    /// reserved from the memory budget (507), given back when it returns.
    private static func withinLimits(
        expected: [StepOutcome], _ body: CompareBody, _ core: ServiceCore, _ comparison: () -> ScenarioDiff
    ) throws(Problem) -> ScenarioDiff {
        try CompareLimits.check(expected: expected, observed: body.observed, creation: body.creation)
        let working = CompareLimits.workingBytes(expected: expected, observed: body.observed)
        try core.budget.reserve(working)
        defer { core.budget.adjust(by: -working) }
        return comparison()
    }
}

extension HTTPResponse {
    /// A JSON body through `JSONEncoder` (sorted keys), for bodies off the hot path.
    static func encoded<Value: Encodable>(_ value: Value, status: Int = 200, pretty: Bool) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: JSONCoding.encodeWithFoundation(value, pretty: pretty))
    }
}
