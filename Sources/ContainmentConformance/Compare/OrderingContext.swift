/// Who is whose parent in a scenario, read from its recorded `willMove`/`didMove` events, so a
/// diff can say why an order is wrong: "leaf.viewWillAppear came before its parent's (rule 7)".
public struct OrderingContext: Sendable {
    /// Each controller's parents over the scenario (a child may move between parents).
    private var parents: [String: Set<String>] = [:]

    /// The rule that puts parents before children (docs/uikit-rules.md, rule 7).
    static let parentBeforeChildRule = 7

    static let appearanceCallbacks: Set<String> = [
        "viewWillAppear", "viewIsAppearing", "viewDidAppear", "viewWillDisappear", "viewDidDisappear",
    ]

    public init(expectations: [StepOutcome] = []) {
        for outcome in expectations {
            for event in outcome.events where event.callback == "willMove" || event.callback == "didMove" {
                if let child = event.controller, case .string(let parent)? = event.args["parent"], parent != child {
                    parents[child, default: []].insert(parent)
                }
            }
        }
    }

    func isParent(_ parent: String, of child: String) -> Bool {
        parents[child]?.contains(parent) == true
    }

    /// Whether `ancestor` is above `controller` (walks up every known parent, each once).
    func isAncestor(_ ancestor: String, of controller: String) -> Bool {
        var seen: Set<String> = [controller]
        var frontier = [controller]
        while let current = frontier.popLast() {
            for parent in parents[current] ?? [] where seen.insert(parent).inserted {
                if parent == ancestor { return true }
                frontier.append(parent)
            }
        }
        return false
    }

    /// How far below a controller without parents this one sits (0 for a root or an unknown
    /// controller): the alignment keeps shallower controllers in place, so a diff marks the
    /// child that moved rather than its parent.
    func depth(_ controller: String?) -> Int {
        guard let controller else { return 0 }
        var seen: Set<String> = [controller]
        var level = [controller]
        var depth = 0
        while !level.isEmpty {
            var next: [String] = []
            for current in level {
                guard let above = parents[current], !above.isEmpty else { return depth }
                next += above.filter { seen.insert($0).inserted }
            }
            level = next
            depth += 1
        }
        return depth
    }

    /// Why `event` is out of order, given the events it overtook (`before`: expected before it,
    /// observed after it) or fell behind (`after`), nearest first.
    func explain(_ event: TraceEvent, overtook before: [TraceEvent], fellBehind after: [TraceEvent]) -> (text: String, rule: Int?) {
        let controller = event.controller ?? ""
        let isAppearance = event.callback.map(Self.appearanceCallbacks.contains) == true
        let rule = isAppearance ? Self.parentBeforeChildRule : nil
        if let first = before.first {
            let ancestors = before.filter { $0.callback == event.callback && $0.controller.map { isAncestor($0, of: controller) } == true }
            if let parent = ancestors.first(where: { $0.controller.map { isParent($0, of: controller) } == true }) ?? ancestors.first {
                let owner = parent.controller ?? ""
                return (isParent(owner, of: controller) ? "came before its parent's" : "came before its ancestor \(owner)'s", rule)
            }
            return ("came before \((before.first { $0.callback == event.callback } ?? first).label)", nil)
        }
        if let first = after.first {
            let descendants = after.filter { $0.callback == event.callback && $0.controller.map { isAncestor(controller, of: $0) } == true }
            if let child = descendants.first {
                let owner = child.controller ?? ""
                return (isParent(controller, of: owner) ? "came after its child \(owner)'s" : "came after its descendant \(owner)'s", rule)
            }
            return ("came after \((after.first { $0.callback == event.callback } ?? first).label)", nil)
        }
        return ("came elsewhere", nil)
    }
}
