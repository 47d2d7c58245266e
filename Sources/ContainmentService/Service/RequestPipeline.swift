import Dispatch
import Logging
import MicroHTTP
import Synchronization

/// Turns MicroHTTP's callbacks into routed handler calls, and answers what can be answered
/// from the headers alone (404, 405, 415) before any body is buffered; MicroHTTP itself asks
/// `bodyTooLarge` for the 413 when a body is or grows over the limit.
final class RequestPipeline: Sendable {
    let router: Router
    let core: ServiceCore
    /// `Allow` for `OPTIONS *`, and the methods a preflight lets a page send.
    private let methods: String
    /// Ends the waits of reads held for a stalled commit; its own queue, so that no pool
    /// busy elsewhere delays them.
    private let stallTimers = DispatchQueue(label: "containment.stall-timers")

    init(router: Router, core: ServiceCore) {
        self.router = router
        self.core = core
        methods = router.methods.joined(separator: ", ")
    }

    var handlers: HTTPServerHandlers<RouteMatch> {
        HTTPServerHandlers(
            head: { [self] head in answerEarly(head) },
            request: { [self] request, match in answer(request, match) },
            bodyTooLarge: { [self] head in
                finish(
                    head, route: routeLabel(of: head), .problem(.bodyTooLarge(limit: core.configuration.http.maxBodySize)),
                    started: .now)
            },
            rejected: { reason in .problem(.rejected(reason)) }
        )
    }

    /// The route a head matched, handed on to `answer` so each request is routed once.
    struct RouteMatch: Sendable {
        let route: Router.Route
        let parameters: PathParameters
        let caller: Caller?
    }

    /// A response decided from the head alone, or the route to read the body for.
    func answerEarly(_ head: HTTPRequestHead) -> HTTPHeadDecision<RouteMatch> {
        let started = ContinuousClock.now
        if let preflight = core.crossOrigin.preflight(head, methods: methods) {
            return .respond(finish(head, route: "preflight", preflight, started: started))
        }
        if head.method == "OPTIONS", head.path == "*" {
            return .respond(finish(head, route: "*", HTTPResponse(status: 204, headers: ["Allow": "\(methods), OPTIONS"]), started: started))
        }
        switch router.match(method: head.method, path: head.path) {
        case .options(let template, let allowed):
            return .respond(
                finish(head, route: template.description, HTTPResponse(status: 204, headers: ["Allow": allowed.joined(separator: ", ")]), started: started))
        case .notFound:
            return .respond(finish(head, route: "unmatched", .problem(.routeNotFound(head.path)), started: started))
        case .methodNotAllowed(let template, let allowed):
            return .respond(
                finish(
                    head, route: template.description,
                    .problem(.methodNotAllowed(head.method, path: head.path), headers: ["Allow": allowed.joined(separator: ", ")]),
                    started: started))
        case .found(let route, let parameters):
            var caller: Caller?
            if let tokens = core.configuration.accessTokens, !route.isOpen {
                let authorization = head.headers["Authorization"]
                caller = tokens.caller(forAuthorization: authorization)
                guard caller != nil else {
                    return .respond(
                        finish(
                            head, route: route.template.description, Self.unauthorized(tokenMissing: authorization == nil),
                            started: started))
                }
            }
            let carriesBody = Self.carriesBody(head)
            let contentType = head.headers["Content-Type"]
            // No body and no type is no body (an optional one left out), unless a page of
            // another origin sent it: a cross-site form or `fetch` must not change anything.
            let isBare = !carriesBody && contentType == nil && core.crossOrigin.trusts(head)
            if (route.takesBody || carriesBody) && !isBare {
                guard let format = BodyFormat(contentType: contentType), route.accepts.contains(format) else {
                    return .respond(
                        finish(
                            head, route: route.template.description,
                            .problem(.unsupportedMediaType(contentType, accepted: route.accepts)), started: started))
                }
            }
            return .readBody(context: RouteMatch(route: route, parameters: parameters, caller: caller))
        }
    }

    /// Answers a complete request with the route its head matched; the request moves into
    /// the handler's `ServiceRequest` without a copy.
    func answer(_ request: consuming HTTPRequest, _ match: RouteMatch) -> HTTPReply {
        let started = ContinuousClock.now
        let route = match.route
        let commit = Self.pendingCommit(core)
        let serviceRequest = ServiceRequest(http: request, parameters: match.parameters, caller: match.caller, commit: commit)
        // The head is read where it is (`serviceRequest.http.head`), never copied out.
        if core.isShuttingDown {
            return .response(finish(serviceRequest.http.head, route: route.template.description, .problem(.shuttingDown()), started: started))
        }
        return run(serviceRequest, route, started: started, takeovers: 0)
    }

    /// Runs the route and answers once what the answer shows is durable. With a shared store,
    /// a request for a tree this instance does not hold waits (without its thread) for the tree
    /// to be taken over, then runs again, up to `maximumTakeovers` times.
    private func run(_ serviceRequest: ServiceRequest, _ route: Router.Route, started: ContinuousClock.Instant, takeovers: Int) -> HTTPReply {
        let template = route.template.description
        let answer: HTTPResponse
        do {
            let reply = try route.handler(serviceRequest)
            guard case .response(let response) = reply else {
                core.logger.debug("\(serviceRequest.http.head.method) \(serviceRequest.http.head.path) deferred")
                return reply
            }
            answer = response
        } catch {
            if let id = error.treeToLoad, let ownership = core.ownership, takeovers < Self.maximumTakeovers {
                return takeOver(id, ownership, then: serviceRequest, route, started: started, takeovers: takeovers)
            }
            // A refusal may still have kept changes (a raw-call batch refused part way).
            answer = .problem(error, pretty: serviceRequest.wantsPrettyJSON)
        }
        // Counted from here until sent, while it waits for its commit too.
        let head = serviceRequest.http.head
        let response = core.budget.holding(answer, refusable: head.method == "GET" || head.method == "HEAD")
        guard let commit = serviceRequest.commit, let journal = core.journal, !journal.isDurable(commit.ticket) else {
            return complete(serviceRequest, finish(head, route: template, response, started: started, histograms: route.histograms))
        }
        // Answered once what it shows is committed, by the journal's writer: this thread goes
        // back to serving requests, whose changes join the same group commit.
        let deferred = serviceRequest.deferred ?? HTTPDeferredResponse()
        let answered = AnsweredOnce()
        journal.whenDurable(commit.ticket) { [self] failure in
            guard answered.claim() else { return }
            let answer = failure.map { failure in
                if core.journal?.failure == nil { return HTTPResponse.problem(.refused(failure, madeChange: commit.madeChange)) }
                guard commit.madeChange else { return HTTPResponse.problem(.notShown(failure)) }
                core.logger.critical("state directory: \(failure); changes are refused until a restart")
                return HTTPResponse.problem(.notDurable(failure, applied: true))
            }
            deferred.complete(finish(head, route: template, answer ?? response, started: started, histograms: route.histograms))
        }
        // A request that only shows a change waits a bounded time: its client may retry. One
        // that made a change waits for its commit, whatever it takes (its change may yet land).
        if !commit.madeChange {
            let stall = core.configuration.stateStallSeconds
            stallTimers.asyncAfter(deadline: .now() + stall) { [self] in
                guard answered.claim() else { return }
                let stalled = HTTPResponse.problem(.stateStalled(stall), headers: ["Retry-After": "1"])
                deferred.complete(finish(head, route: template, stalled, started: started, histograms: route.histograms))
            }
        }
        return .deferred(deferred)
    }

    /// A request runs again at most this many times after taking its tree over (the tree may
    /// move again meanwhile); then it gets the last refusal.
    static let maximumTakeovers = 3

    /// Takes tree `id` over, then runs the request again on a pool thread (a fresh commit: what
    /// the first run saw is gone), completing one deferred response.
    private func takeOver(
        _ id: String, _ ownership: TreeOwnership, then serviceRequest: ServiceRequest, _ route: Router.Route,
        started: ContinuousClock.Instant, takeovers: Int
    ) -> HTTPReply {
        let deferred = serviceRequest.deferred ?? HTTPDeferredResponse()
        let again = ServiceRequest(
            http: serviceRequest.http, parameters: serviceRequest.parameters, caller: serviceRequest.caller, commit: Self.pendingCommit(core),
            absentTrees: serviceRequest.absentTrees, deferred: deferred)
        ownership.acquire(id, for: serviceRequest.caller) { [self] outcome in
            var request = again
            switch outcome {
            case .loaded: break
            case .absent: request.absentTrees.insert(id)
            case .failed(let problem):
                let headers: HTTPHeaders = problem.status == 503 ? ["Retry-After": "1"] : [:]
                let refusal = HTTPResponse.problem(problem, pretty: request.wantsPrettyJSON, headers: headers)
                return deferred.complete(
                    finish(request.http.head, route: route.template.description, refusal, started: started, histograms: route.histograms))
            }
            DispatchQueue.global().async { [self, request] in
                if case .response(let response) = run(request, route, started: started, takeovers: takeovers + 1) { deferred.complete(response) }
            }
        }
        return .deferred(deferred)
    }

    /// A response for a request run again after a takeover completes its deferred one.
    private func complete(_ serviceRequest: ServiceRequest, _ response: HTTPResponse) -> HTTPReply {
        guard let deferred = serviceRequest.deferred else { return .response(response) }
        deferred.complete(response)
        return .deferred(deferred)
    }

    /// Where the request leaves the journal ticket its answer waits for; none without a
    /// journal, so that requests allocate nothing for it then.
    private static func pendingCommit(_ core: ServiceCore) -> PendingCommit? {
        core.journal == nil ? nil : PendingCommit()
    }

    private func routeLabel(of head: HTTPRequestHead) -> String {
        if case .found(let route, _) = router.match(method: head.method, path: head.path) {
            return route.template.description
        }
        return "unmatched"
    }

    /// Records the request's metrics and debug line, then hands the response back with the
    /// CORS headers its origin gets.
    private func finish(
        _ head: HTTPRequestHead, route: String, _ response: HTTPResponse, started: ContinuousClock.Instant,
        histograms: RouteHistograms? = nil
    ) -> HTTPResponse {
        var response = response
        // With CORS off (the default) nothing is looked up.
        if core.crossOrigin.isEnabled, response.headers["Access-Control-Allow-Origin"] == nil {  // a preflight has its own
            for field in core.crossOrigin.headers(for: head) { response.headers.add(name: field.name, value: field.value) }
        }
        let duration = ContinuousClock.now - started
        core.metrics.recordRequest(method: head.method, route: route, status: response.status, duration: duration, cache: histograms)
        core.logger.debug("\(head.method) \(head.path) \(response.status) \(duration)")
        return response
    }

    /// 401 with the challenge RFC 6750 asks for: the realm, and `invalid_token` when a token
    /// was sent but is unknown.
    private static func unauthorized(tokenMissing: Bool) -> HTTPResponse {
        let challenge = tokenMissing ? #"Bearer realm="containment""# : #"Bearer realm="containment", error="invalid_token""#
        return .problem(.unauthorized(tokenMissing: tokenMissing), headers: ["WWW-Authenticate": challenge])
    }

    /// Whether the request announces a body (a non-zero length or chunked encoding).
    private static func carriesBody(_ head: HTTPRequestHead) -> Bool {
        if let length = head.headers["Content-Length"] { return length != "0" }
        return head.headers["Transfer-Encoding"] != nil
    }
}

/// Lets the first of two ways a deferred answer can go (durable, or stalled) answer, once.
private final class AnsweredOnce: Sendable {
    private let done = Atomic<Bool>(false)

    /// True for the first caller only.
    func claim() -> Bool { !done.exchange(true, ordering: .acquiringAndReleasing) }
}
