import ContainmentPersistence
import Glibc
import Logging
import MicroHTTP

/// The Containment REST service: the engine's trees behind MicroHTTP. Owns the server so the
/// command line and the tests start and stop it the same way.
public final class ContainmentService: Sendable {
    public let configuration: ServiceConfiguration
    let core: ServiceCore
    /// What the server runs each request through; in-process tests run requests through it too.
    let pipeline: RequestPipeline
    private let server: HTTPServer

    /// With a state directory, opens it and restores every tree before returning, so the
    /// listener opens (and `/readyz` answers ready) only once the trees are back. A state
    /// directory that cannot be used, or a journal that does not replay to what it recorded,
    /// throws and leaves the directory untouched.
    /// With a shared store (`stateURL`) nothing is restored: every tree is taken over from the
    /// store when it is first asked for.
    public convenience init(configuration: ServiceConfiguration, logger: Logger = Logger(label: "containment")) throws(StateStoreError) {
        let store = try JournalStoreFactory.open(
            url: configuration.stateURL, directory: configuration.stateDirectory, instanceName: Self.instanceName(configuration),
            leaseTiming: configuration.leaseTiming, synchronous: configuration.stateSynchronous)
        try self.init(configuration: configuration, logger: logger, store: store)
    }

    /// The same on `store` (nil: trees in memory only), which the service closes.
    init(configuration: ServiceConfiguration, logger: Logger = Logger(label: "containment"), store: (any JournalStore)?) throws(StateStoreError) {
        self.configuration = configuration
        let syncInterval = configuration.stateSyncInterval > 0 ? configuration.stateSyncInterval : nil
        let journal = store.map { StateJournal(store: $0, syncInterval: syncInterval) }
        let ownership = store?.shared.map { TreeOwnership(store: $0) }
        core = ServiceCore(configuration: configuration, logger: logger, journal: journal, ownership: ownership)
        if let ownership {
            logger.info("sharing the state store", metadata: ["url": "\(ownership.store.location)", "session": "\(ownership.store.session ?? 0)"])
        } else if let store {
            let started = ContinuousClock.now
            let count: Int
            do {
                count = try core.restore(from: store)
            } catch {
                // Releases the database's lock: the caller may fix the directory and try again.
                journal?.close()
                throw error
            }
            logger.info(
                "restored trees from the state directory",
                metadata: ["trees": "\(count)", "path": "\(store.location)", "elapsed": "\(ContinuousClock.now - started)"])
        }
        pipeline = RequestPipeline(router: Router.containment(core), core: core)
        var http = configuration.http
        if http.errorLog == nil {
            // libmicrohttpd's own complaints (bind failures, broken connections) go to the same log.
            http.errorLog = { message in logger.warning("libmicrohttpd: \(message)") }
        }
        server = HTTPServer(configuration: http, handlers: pipeline.handlers)
    }

    /// How this instance names itself in the shared store's `containment_instances`: host, pid.
    private static func instanceName(_ configuration: ServiceConfiguration) -> String {
        var host = [CChar](repeating: 0, count: 256)
        gethostname(&host, host.count)
        return "\(String(cString: host)) pid \(getpid()) port \(configuration.http.port)"
    }

    /// Binds and serves; throws when the address can't be bound.
    public func start() throws(HTTPServerError) {
        try server.start()
        core.markReady()
        if server.connectionLimit < configuration.http.connectionLimit {
            core.logger.warning(
                "connection limit lowered to fit the open-file limit",
                metadata: ["configured": "\(configuration.http.connectionLimit)", "in force": "\(server.connectionLimit)"])
        }
        core.logger.info(
            "containment listening",
            metadata: [
                "host": "\(configuration.http.host)", "port": "\(server.port)",
                "threads": "\(configuration.http.threads)",
            ])
    }

    /// The bound port (the chosen one when configured with port 0).
    public var port: Int { server.port }

    /// Drains and stops, as nginx's graceful quit does: `/readyz` turns 503 at once, so a proxy
    /// stops sending; requests keep being served for `drainDelay` seconds (the time a proxy takes
    /// to notice); then new requests are answered 503 before any change, the listening socket
    /// closes (new clients are refused), waiting `?wait=true` requests get 503, every request
    /// already read is answered (changes once committed) with `Connection: close`, every stream
    /// ends with a final `shutdown` message, and the server stops.
    public func shutdown() {
        core.beginDraining()
        core.logger.info("containment draining", metadata: ["drainDelay": "\(configuration.drainDelay)"])
        if configuration.drainDelay > 0 { usleep(UInt32(min(configuration.drainDelay, 3_600) * 1_000_000)) }
        core.beginShutdown()
        core.logger.info("containment shutting down")
        core.transitionTimer.stop()
        // `?wait=true` requests get a 503 problem instead of a closed connection.
        core.registry.all.forEach { $0.failWaiters(.shuttingDown()) }
        server.stopAccepting()
        // Responses and stream deliveries held for their commit go out before the server stops.
        core.journal?.flush()
        // Before the server's shutdown, which refuses stream writes from its start.
        core.hub.streams.close()
        server.shutdown()
        // After the server: every answered change is committed, and the lock is released for
        // the next process on the same directory (a shared store gives every tree up).
        if let statistics = core.journal?.close() {
            core.logger.info(
                "state directory closed",
                metadata: [
                    "commits": "\(statistics.commits)", "records": "\(statistics.records)",
                    "pagesWritten": "\(statistics.pagesWritten)", "cleanings": "\(statistics.cleanings)",
                ])
        }
        core.ownership?.close()
        core.logger.info("containment stopped")
    }
}
