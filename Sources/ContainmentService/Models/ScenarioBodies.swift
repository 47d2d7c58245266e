import Containment
import ContainmentConformance

/// `GET /v1/scenarios`: the corpus's index and the rules it covers.
struct ScenarioList: Encodable, Sendable {
    var scenarios: [Summary]
    var rules: [RuleSummary]

    struct Summary: Encodable, Sendable {
        var id: String
        var title: String
        var rule: Int
        var tags: [String]
    }

    struct RuleSummary: Encodable, Sendable {
        var number: Int
        var title: String
        var document: String
        var scenarios: Int
    }
}

/// `POST /v1/scenarios/{id}/runs`: the tree the run left behind, each step's events as the
/// API reports them, and the run compared with the recorded expectations.
struct ScenarioRunResponse: Encodable, Sendable {
    var scenario: String
    var tree: String
    var creation: Step
    var steps: [Step]
    var passed: Bool
    var verdict: String

    struct Step: Encodable, Sendable {
        var events: [Event]
        var problem: TraceProblem?
    }
}

/// `POST /v1/compare`: either a scenario id (expected: its recorded outcomes) or `expected`
/// outcomes, and the `observed` ones, step by step.
struct CompareBody: Decodable, Sendable {
    var scenario: String?
    var expected: [StepOutcome]?
    /// With `scenario`: what building the tree caused; left out, the tree step is not compared.
    var creation: StepOutcome?
    var observed: [StepOutcome]
    var options: CompareOptions?
}
