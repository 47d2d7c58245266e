import Containment
import ContainmentConformance
import ContainmentPersistence

/// How a tree was built, as the state directory keeps it: a restore builds it the same way,
/// then replays its journal.
enum TreeCreation: Codable, Sendable {
    /// `POST`/`PUT /v1/trees`: the engine configuration (with the limits of the service that
    /// created it), the root spec and the time of creation.
    case spec(configuration: TreeConfiguration, root: ControllerSpec?, time: Double)
    /// `POST /v1/scenarios/{id}/runs`: the embedded scenario's tree on `base`.
    case scenario(id: String, base: TreeConfiguration)

    /// The manual clock's time at creation.
    var time: Double {
        switch self {
        case .spec(_, _, let time): time
        case .scenario: ScenarioStepper.startTime
        }
    }

    /// Builds the tree again; one that no longer builds is a replay mismatch at position 0
    /// (the creation).
    func build(id: String) throws(StateStoreError) -> ContainmentTree {
        switch self {
        case .spec(let configuration, let root, let time):
            do {
                return try ContainmentTree(id: id, configuration: configuration, root: root, now: time)
            } catch {
                throw .replayMismatch(tree: id, position: 0, reason: "its creation is now refused: \(error.message)")
            }
        case .scenario(let scenarioID, let base):
            guard let scenario = ScenarioCorpus.scenario(scenarioID) else {
                throw .replayMismatch(tree: id, position: 0, reason: "it was built from scenario \(scenarioID), which this build lacks")
            }
            guard let tree = ScenarioStepper.build(scenario, id: id, base: base).0 else {
                throw .replayMismatch(tree: id, position: 0, reason: "scenario \(scenarioID) no longer builds")
            }
            return tree
        }
    }
}
