extension ScenarioDiff {
    /// What the scenario got wrong, one line per difference, sorted and without repeats: named by
    /// controller, callback and the rule an order breaks, never by position, so the same bug
    /// gives the same lines however the events around it move (docs/conformance.md, section 3.1).
    public var differences: [String] {
        var lines = Set<String>()
        for step in steps {
            if step.notRun { lines.insert("not run: a step") }
            for placed in step.missing { lines.insert("missing \(Self.name(placed.event))") }
            for placed in step.unexpected { lines.insert("unexpected \(Self.name(placed.event))") }
            for moved in step.outOfOrder { lines.insert("out of order \(Self.name(moved.event))" + (moved.rule.map { " (rule \($0))" } ?? "")) }
            for differing in step.differing { lines.insert("\(differing.fields.joined(separator: ", ")) differ \(Self.name(differing.expected))") }
            if let problem = step.problem { lines.insert("problem: \(problem.summary)") }
        }
        return lines.sorted()
    }

    /// `list.didMove`, or `warning <text>` for what UIKit logs.
    private static func name(_ event: TraceEvent) -> String {
        if let callback = event.callback { return (event.controller.map { $0 + "." } ?? "") + callback }
        return "warning " + (event.warning ?? "")
    }
}
