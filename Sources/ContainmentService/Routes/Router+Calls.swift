import Containment

extension Router {
    /// Raw UIKit calls, for everything the recipes don't cover.
    mutating func addCallRoutes(_ core: ServiceCore) {
        add("POST", "/v1/trees/{tree}/calls") { (request) throws(Problem) in
            let body = try request.decodeBody(CallsBody.self)
            let (outcome, events) = try core.mutate(request) { (tree, now, _) throws(Problem) in
                let outcome = tree.perform(body.calls, atomic: body.atomic ?? false, now: now)
                return (outcome, outcome.events)
            }
            if let failure = outcome.failure {
                var problem = Problem(failure)
                problem.applied = outcome.applied
                problem.events = events
                throw problem
            }
            return .json(MutationResponse(events: events, subject: CallsSubject(applied: outcome.applied)), for: request)
        }
    }
}
