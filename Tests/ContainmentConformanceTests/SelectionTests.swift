import Containment
import ContainmentConformance
import Testing

/// `--filter` and `--tag`: each repeatable, a union; together, both must hold.
@Suite struct SelectionTests {
    static func scenario(_ id: String, tags: [String]) -> Scenario {
        Scenario(
            id: id, title: id, rule: RuleReference(number: 1, uikit: ["addChild(_:)"]), documentation: [], tags: tags,
            tree: ScenarioTree(root: ControllerSpec(id: "root")), steps: [])
    }

    static let scenarios = [
        scenario("rule01-a", tags: ["appearance"]), scenario("rule01-b", tags: ["navigation"]),
        scenario("rule13-c", tags: ["navigation", "pattern"]), scenario("tunnel-d", tags: ["tunnel", "pattern"]),
    ]

    func chosen(_ selection: ScenarioSelection) throws -> [String] {
        try selection.choose(from: Self.scenarios).map(\.id)
    }

    @Test func repeatedFiltersAreAUnion() throws {
        #expect(try chosen(ScenarioSelection(filters: ["rule13-*", "tunnel-d"])) == ["rule13-c", "tunnel-d"])
        #expect(try chosen(ScenarioSelection(filters: ["rule01-a", "rule01-*"])) == ["rule01-a", "rule01-b"])
    }

    @Test func repeatedTagsAreAUnion() throws {
        #expect(try chosen(ScenarioSelection(tags: ["tunnel", "appearance"])) == ["rule01-a", "tunnel-d"])
        #expect(try chosen(ScenarioSelection(tags: ["navigation"])) == ["rule01-b", "rule13-c"])
    }

    @Test func filtersAndTagsTogetherBothHold() throws {
        #expect(try chosen(ScenarioSelection(filters: ["rule*"], tags: ["pattern"])) == ["rule13-c"])
        #expect(try chosen(ScenarioSelection()) == Self.scenarios.map(\.id))
    }

    @Test(arguments: [
        (ScenarioSelection(filters: ["rule01-*", "nothing-*"]), "--filter nothing-* matches no scenario"),
        (ScenarioSelection(tags: ["pattern", "drawr"]), "--tag drawr is no scenario's tag"),
        (ScenarioSelection(filters: ["rule01-a"], tags: ["tunnel"]), "no scenario matches a --filter and has a --tag"),
    ])
    func selectionsThatChooseNothingAreRefused(_ selection: ScenarioSelection, _ message: String) {
        #expect(throws: SelectionError.self) { try selection.choose(from: Self.scenarios) }
        do {
            _ = try selection.choose(from: Self.scenarios)
        } catch {
            #expect(error.description == message)
        }
    }
}
