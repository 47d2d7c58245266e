import MicroHTTP

extension Router {
    /// Liveness, metrics and the contract itself — the routes operators and tools use.
    mutating func addSystemRoutes(_ core: ServiceCore) {
        // The usual answer, built into libmicrohttpd once (see `HTTPPreparedResponse`). The
        // closure holds the object itself, not an `HTTPResponse` whose body enum would keep
        // it in a tagged pointer that LeakSanitizer (the fuzzer's) cannot follow.
        let healthy = HTTPPreparedResponse.json(Health(status: "ok"))
        add("GET", "/healthz", open: true) { (request) throws(Problem) in
            if !core.isShuttingDown, !request.wantsPrettyJSON { return .response(HTTPResponse(prepared: healthy)) }
            return .json(Health(status: core.isShuttingDown ? "shutting_down" : "ok"), for: request)
        }
        // Readiness, apart from liveness: an orchestrator sends traffic only while this says
        // ready, and never restarts a process for being unready.
        add("GET", "/readyz", open: true) { (request) throws(Problem) in
            if let failure = core.journal?.failure { throw .notDurable(failure, applied: false) }
            guard core.isReady else {
                throw Problem(status: 503, code: "not_ready", detail: "The service is starting and not serving trees yet.")
            }
            return .json(Health(status: "ready"), for: request)
        }
        add("GET", "/metrics", open: !core.configuration.protectsMetrics) { (_) throws(Problem) in
            .response(
                HTTPResponse(
                    status: 200, headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8"],
                    body: core.metrics.exposition()))
        }
        add("GET", "/openapi.yaml", open: true) { (_) throws(Problem) in
            .response(.text(OpenAPIDocument.yaml, contentType: "application/yaml"))
        }
    }
}

/// `GET /healthz`'s and `GET /readyz`'s body.
struct Health: Codable, Sendable {
    var status: String
}
