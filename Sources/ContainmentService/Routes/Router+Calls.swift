import Containment

extension Router {
    /// Raw UIKit calls, for everything the recipes don't cover.
    mutating func addCallRoutes(_ core: ServiceCore) {
        add("POST", "/v1/trees/{tree}/calls") { (request) throws(Problem) in
            let body = try request.decodeBody(CallsBody.self)
            let (outcome, events) = try core.mutate(request, .calls(body.calls, atomic: body.atomic ?? false), journalingBody: true) {
                (_, applied, _) throws(Problem) in
                let outcome = applied.calls ?? CallsOutcome(events: applied.events, failure: nil, applied: body.calls.count)
                // Refused before any call was kept: the tree is unchanged, so its version stays
                // and nothing is journaled.
                if let failure = outcome.failure, outcome.applied == 0 { throw Problem(failure, kept: outcome) }
                return outcome
            }
            // Refused after some calls were kept: those calls and their events stand.
            if let failure = outcome.failure { throw Problem(failure, kept: outcome) }
            return .json(MutationResponse(events: events, subject: CallsSubject(applied: outcome.applied, results: outcome.results)), for: request)
        }
    }
}

extension Problem {
    /// The refusal of a raw-call batch, with what was kept before it.
    fileprivate init(_ failure: ContainmentError, kept outcome: CallsOutcome) {
        self.init(failure)
        applied = outcome.applied
        events = outcome.events
    }
}
