/// Which scenarios a run or check covers: `--filter GLOB` and `--tag TAG`, each repeatable.
/// A scenario is chosen when its id matches any filter (or none is given) and it has any of
/// the tags (or none is given).
public struct ScenarioSelection: Codable, Sendable, Equatable {
    public var filters: [String]
    public var tags: [String]

    public init(filters: [String] = [], tags: [String] = []) {
        self.filters = filters
        self.tags = tags
    }

    public var choosesAll: Bool { filters.isEmpty && tags.isEmpty }

    public func includes(_ scenario: Scenario) -> Bool {
        (filters.isEmpty || filters.contains { ScenarioFilter($0).matches(scenario.id) })
            && (tags.isEmpty || scenario.tags.contains { tags.contains($0) })
    }

    /// The chosen scenarios, in the given order. Each filter and tag must name something in
    /// `scenarios` (a typo would silently run less), and so must the whole selection.
    public func choose(from scenarios: [Scenario]) throws(SelectionError) -> [Scenario] {
        for filter in filters where !scenarios.contains(where: { ScenarioFilter(filter).matches($0.id) }) {
            throw SelectionError("--filter \(filter) matches no scenario")
        }
        for tag in tags where !scenarios.contains(where: { $0.tags.contains(tag) }) {
            throw SelectionError("--tag \(tag) is no scenario's tag")
        }
        let chosen = scenarios.filter(includes)
        guard !chosen.isEmpty else { throw SelectionError("no scenario matches a --filter and has a --tag") }
        return chosen
    }
}

public struct SelectionError: Error, Sendable, CustomStringConvertible {
    public var description: String

    init(_ description: String) { self.description = description }
}
