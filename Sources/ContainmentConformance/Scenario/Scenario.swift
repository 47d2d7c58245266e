import Containment

/// One conformance scenario: a tree, the steps done to it, and what UIKit does after each.
/// One JSON file each under `conformance/scenarios/`; the format is documented in
/// docs/conformance.md and `conformance/scenario.schema.json`.
public struct Scenario: Codable, Sendable, Equatable {
    /// Unique in the corpus, also the file name (`<id>.json`).
    public var id: String
    public var title: String
    /// The UIKit rule the scenario checks.
    public var rule: RuleReference
    /// Where the behaviour is documented: an Apple guide section, API reference or public log.
    public var documentation: [DocumentationReference]
    /// Free-form labels (`recipe`, `guide-listing`, `pattern`, `navigation`…) for filtering.
    public var tags: [String]
    public var tree: ScenarioTree
    public var steps: [ScenarioStep]

    public init(
        id: String, title: String, rule: RuleReference, documentation: [DocumentationReference], tags: [String], tree: ScenarioTree,
        steps: [ScenarioStep]
    ) {
        self.id = id
        self.title = title
        self.rule = rule
        self.documentation = documentation
        self.tags = tags
        self.tree = tree
        self.steps = steps
    }

    /// The same scenario with every expectation taken from `run`: what `record` writes.
    public func recording(_ run: ScenarioRun) -> Scenario {
        var copy = self
        copy.tree.expect = run.creation
        for index in copy.steps.indices where index < run.steps.count {
            copy.steps[index].expect = run.steps[index]
        }
        return copy
    }
}

/// A scenario's rule: our number in docs/uikit-rules.md and UIKit's names for what it checks.
public struct RuleReference: Codable, Sendable, Equatable {
    public var number: Int
    /// UIKit's API names the rule is about, e.g. `addChild(_:)`, `willMove(toParent:)`.
    public var uikit: [String]

    public init(number: Int, uikit: [String]) {
        self.number = number
        self.uikit = uikit
    }
}

/// A place that documents the behaviour a scenario checks.
public struct DocumentationReference: Codable, Sendable, Equatable {
    /// What it is, down to the section: `Implementing a Container View Controller › Adding a
    /// Child View Controller to Your Content`.
    public var title: String
    public var url: String

    public init(title: String, url: String) {
        self.title = title
        self.url = url
    }
}

/// The initial tree, as `POST /v1/trees` takes it (always on a manual clock), and the events
/// building it causes.
public struct ScenarioTree: Codable, Sendable, Equatable {
    public var root: ControllerSpec?
    /// Default true: the root goes into a visible window.
    public var onScreen: Bool?
    public var window: ScenarioWindow?
    /// Recorded: the events of building the tree.
    public var expect: StepOutcome?

    public init(root: ControllerSpec?, onScreen: Bool? = nil, window: ScenarioWindow? = nil, expect: StepOutcome? = nil) {
        self.root = root
        self.onScreen = onScreen
        self.window = window
        self.expect = expect
    }
}

/// The window a tree starts with (`POST /v1/trees`'s `window`).
public struct ScenarioWindow: Codable, Sendable, Equatable {
    public var size: Size?
    public var horizontalSizeClass: SizeClass?

    public init(size: Size? = nil, horizontalSizeClass: SizeClass? = nil) {
        self.size = size
        self.horizontalSizeClass = horizontalSizeClass
    }
}
