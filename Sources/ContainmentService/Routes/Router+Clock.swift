import Containment

extension Router {
    /// The manual clock: the only thing that moves time on a `clock: "manual"` tree.
    mutating func addClockRoutes(_ core: ServiceCore) {
        add("POST", "/v1/trees/{tree}/clock") { (request) throws(Problem) in
            let body = try request.decodeBody(ClockBody.self)
            guard body.advance.isFinite, body.advance >= 0 else {
                throw .badRequest("`advance` must be a non-negative number of seconds.", field: "advance", code: "invalid_field")
            }
            let box = try core.box(request)
            guard box.clock == .manual else {
                throw .conflict("Tree \(box.id) runs on the real clock; only manual trees can be advanced.", code: "clock_not_manual")
            }
            let (subject, events) = try box.step(commit: request.commit) { (tree, now, step) throws(Problem) in
                guard now + body.advance <= TimeLimits.latestClockTime else {
                    throw .badRequest("`advance` would move the clock past the year 9999.", field: "advance", code: "invalid_field")
                }
                let mutation = TreeMutation.advance(to: now + body.advance)
                let applied = try Problem.engine { try mutation.apply(to: tree, now: now, manualTime: &step.manualTime) }
                step.journal(.mutation(mutation, time: now))
                return (ClockSubject(time: ISOTime.string(from: step.manualTime), nextDueTime: tree.nextDueTime.map(ISOTime.string)), applied.events)
            }
            return .json(MutationResponse(events: events, subject: subject), for: request)
        }
    }
}
