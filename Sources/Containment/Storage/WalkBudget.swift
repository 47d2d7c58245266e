/// The most steps a walk over the tree's links may take: the links form trees (no cycle of
/// parent, presenter or superview links; `addChild`, `present` and `addSubview` refuse one,
/// and a restored state is checked), so a walk visits each node at most once. A walk that
/// needs more has met a broken invariant: it stops, and the call fails with the walk's name
/// (`walk_limit_exceeded`) rather than spin forever holding its tree's lock or end the
/// process, which holds every other tree too.
struct WalkBudget {
    private var remaining: Int
    let walk: StaticString

    init(_ walk: StaticString, nodes: Int) {
        self.walk = walk
        remaining = nodes
    }

    /// One step; false once the walk has taken more steps than the tree has nodes.
    mutating func spend() -> Bool {
        remaining -= 1
        return remaining >= 0
    }
}

extension ContainmentTree {
    /// One step of a walk over links: counted as work, and bounded by its budget. False when
    /// the budget is spent: the walk must stop, and the call fails (`failCall`).
    func visit(_ budget: inout WalkBudget) -> Bool {
        ongoing.workCount += 1
        guard budget.spend() else {
            guard ongoing.isOpen else { return false }
            failCall(
                ContainmentError(
                    kind: .limitExceeded, code: "walk_limit_exceeded",
                    message: "the \(budget.walk) walk visited more nodes than the tree holds: its links loop"))
            return false
        }
        return true
    }
}
