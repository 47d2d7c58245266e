/// The most steps a walk over the tree's links may take: the links form trees (no cycle of
/// parent, presenter or superview links; `addChild`, `present` and `addSubview` refuse one,
/// and a restored state is checked), so a walk visits each node at most once. A walk that
/// needs more has met a broken invariant and stops the process with the walk's name rather
/// than spin forever holding its tree's lock.
struct WalkBudget {
    private var remaining: Int
    private let walk: StaticString

    init(_ walk: StaticString, nodes: Int) {
        self.walk = walk
        remaining = nodes
    }

    mutating func spend() {
        remaining -= 1
        if remaining < 0 {
            preconditionFailure("the \(walk) walk visited more nodes than the tree holds: its links loop")
        }
    }
}

extension ContainmentTree {
    /// One step of a walk over links: counted as work, and bounded by its budget.
    func visit(_ budget: inout WalkBudget) {
        workCount += 1
        budget.spend()
    }
}
