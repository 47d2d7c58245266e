import Containment
import MicroHTTP

extension Router {
    /// The three listings of Apple's *Implementing a Container View Controller* as endpoints: add (displayContentController), remove
    /// (hideContentController) and transition (cycleFromViewController).
    mutating func addRecipeRoutes(_ core: ServiceCore) {
        add("POST", "/v1/trees/{tree}/controllers/{parent}/children") { (request) throws(Problem) in
            let body = try request.decodeBody(AddChildBody.self)
            guard body.animated != true else {
                throw .badRequest(
                    "displayContentController does not animate: its appearance callbacks report animated=false. "
                        + "Drive animated appearance with /calls (beginAppearanceTransition).",
                    field: "animated", code: "invalid_field")
            }
            let parent = request.parameter("parent")
            let mutation = TreeMutation.displayContentController(
                child: body.child, parent: parent, containerView: body.containerView, frame: body.frame)
            let (subject, events) = try core.mutate(request, mutation) { (tree, _, _) throws(Problem) in
                try Self.parentAndChild(tree, parent: parent, child: body.child)
            }
            return .json(MutationResponse(events: events, subject: subject), for: request)
        }

        add("DELETE", "/v1/trees/{tree}/controllers/{parent}/children/{child}") { (request) throws(Problem) in
            let parent = request.parameter("parent")
            let child = request.parameter("child")
            let (subject, events) = try core.mutate(request, .hideContentController(child: child, parent: parent)) { (tree, _, _) throws(Problem) in
                try Self.parentAndChild(tree, parent: parent, child: child)
            }
            return .json(MutationResponse(events: events, subject: subject), for: request)
        }

        add("POST", "/v1/trees/{tree}/controllers/{parent}/transitions") { (request) throws(Problem) in
            let body = try request.decodeBody(TransitionBody.self)
            let parent = request.parameter("parent")
            // `?wait=true`: answered later, from whichever thread completes the transition.
            let deferred = try request.queryBool("wait") == true ? request.deferred ?? HTTPDeferredResponse() : nil
            var isWaiting = false
            let mutation = TreeMutation.cycleFromViewController(
                from: body.from, to: body.to, parent: parent, duration: body.duration ?? 0.25, options: body.options ?? [])
            let (transition, events) = try core.mutate(request, mutation) { (_, applied, step) throws(Problem) in
                guard let transition = applied.transition else { throw .internalError("the transition step reported no transition") }
                // Once shutdown has begun no new waiter is held (those held already get a
                // 503): the request is answered now with the running transition (202).
                if let deferred, transition.state == .running, !core.isShuttingDown {
                    step.hold(
                        TransitionWaiter(
                            transition: transition.id, response: deferred, startEvents: applied.events,
                            location: Self.location(request, transition), pretty: request.wantsPrettyJSON,
                            crossOrigin: core.crossOrigin.headers(for: request.head)))
                    isWaiting = true
                }
                return transition
            }
            if let deferred, isWaiting { return .deferred(deferred) }
            var response = HTTPResponse.json(
                MutationResponse(events: events, subject: TransitionSubject(transition: transition)),
                status: transition.state == .finished ? 200 : 202, pretty: request.wantsPrettyJSON)
            response.headers.add(name: "Location", value: Self.location(request, transition))
            return .response(response)
        }

        add("GET", "/v1/trees/{tree}/transitions/{transition}") { (request) throws(Problem) in
            .json(
                try core.read(request) { tree throws(Problem) in
                    try Problem.engine { try tree.transition(request.parameter("transition")) }
                }, for: request)
        }
    }

    private static func location(_ request: ServiceRequest, _ transition: TransitionSnapshot) -> String {
        "/v1/trees/\(request.parameter("tree"))/transitions/\(transition.id)"
    }

    private static func parentAndChild(_ tree: ContainmentTree, parent: String, child: String) throws(Problem) -> ParentChildSubject {
        try Problem.engine { ParentChildSubject(parent: try tree.controller(parent), child: try tree.controller(child)) }
    }
}
