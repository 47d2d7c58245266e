import MicroHTTP

extension Router {
    /// Liveness, metrics and the contract itself — the routes operators and tools use.
    mutating func addSystemRoutes(_ core: ServiceCore) {
        add("GET", "/healthz") { (request) throws(Problem) in
            .json(Health(status: core.isShuttingDown ? "shutting_down" : "ok"), for: request)
        }
        add("GET", "/metrics") { (_) throws(Problem) in
            .response(
                HTTPResponse(
                    status: 200, headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8"],
                    body: core.metrics.exposition()))
        }
        add("GET", "/openapi.yaml") { (_) throws(Problem) in
            .response(.text(OpenAPIDocument.yaml, contentType: "application/yaml"))
        }
    }
}

/// `GET /healthz`'s body.
struct Health: Codable, Sendable {
    var status: String
}
