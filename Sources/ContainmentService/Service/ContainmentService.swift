import Logging
import MicroHTTP

/// The Containment REST service: the engine's trees behind MicroHTTP. Owns the server so the
/// command line and the tests start and stop it the same way.
public final class ContainmentService: Sendable {
    public let configuration: ServiceConfiguration
    let core: ServiceCore
    private let server: HTTPServer

    public init(configuration: ServiceConfiguration, logger: Logger = Logger(label: "containment")) {
        self.configuration = configuration
        core = ServiceCore(configuration: configuration, logger: logger)
        let pipeline = RequestPipeline(router: Router.containment(core), core: core)
        var http = configuration.http
        if http.errorLog == nil {
            // libmicrohttpd's own complaints (bind failures, broken connections) go to the same log.
            http.errorLog = { message in logger.warning("libmicrohttpd: \(message)") }
        }
        server = HTTPServer(configuration: http, handlers: pipeline.handlers)
    }

    /// Binds and serves; throws when the address can't be bound.
    public func start() throws(HTTPServerError) {
        try server.start()
        core.markReady()
        core.logger.info(
            "containment listening",
            metadata: [
                "host": "\(configuration.http.host)", "port": "\(server.port)",
                "threads": "\(configuration.http.threads)",
            ])
    }

    /// The bound port (the chosen one when configured with port 0).
    public var port: Int { server.port }

    /// Answers new requests and waiting `?wait=true` transition requests with 503, ends every event stream with a final `shutdown`
    /// message, lets in-flight requests finish and stops the server.
    public func shutdown() {
        core.beginShutdown()
        core.logger.info("containment shutting down")
        core.transitionTimer.stop()
        // `?wait=true` requests get a 503 problem instead of a closed connection.
        core.registry.all.forEach { $0.failWaiters(.shuttingDown()) }
        // Before the server's shutdown, which refuses stream writes from its start.
        core.hub.streams.close()
        server.shutdown()
        core.logger.info("containment stopped")
    }
}
