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
            if let failure = core.journal?.failure { throw .notDurable(failure, applied: false, forChange: false) }
            if core.isStateStalled { throw .stateStalled(core.configuration.stateStallSeconds) }
            if core.isDraining { throw .shuttingDown() }
            // No lease, or the store refuses this instance's writes (`SharedTreeStore.canCommit`).
            if core.ownership?.isServing == false { throw .stateUnavailable() }
            guard core.isReady else {
                throw Problem(status: 503, code: "not_ready", detail: "The service is starting and not serving trees yet.")
            }
            return .json(Health(status: "ready"), for: request)
        }
        add("GET", "/metrics", open: !core.configuration.protectsMetrics) { (request) throws(Problem) in
            let exposition = TaggedDocument(HTTPSharedBytes(core.metrics.exposition()), headers: Self.metricsHeaders, compressingNow: false)
            return .response(exposition.response(to: request.head.headers))
        }
        add("GET", "/openapi.yaml", open: true) { (request) throws(Problem) in
            .response(Self.contract.response(to: request.head.headers))
        }
    }

    private static let metricsHeaders: HTTPHeaders = ["Content-Type": "text/plain; version=0.0.4; charset=utf-8"]

    /// The contract, tagged by its SHA-256 and gzip-coded once at first use (122 KB as is).
    private static let contract = TaggedDocument(
        HTTPSharedBytes(Array(OpenAPIDocument.yaml.utf8)), headers: ["Content-Type": "application/yaml"], compressingNow: true)
}

/// `GET /healthz`'s and `GET /readyz`'s body.
struct Health: Codable, Sendable {
    var status: String
}
