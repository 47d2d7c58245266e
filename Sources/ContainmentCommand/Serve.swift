import ArgumentParser
import ContainmentService
import Dispatch
import Logging

/// `containment serve`: runs until SIGTERM, SIGINT or SIGHUP, then shuts down gracefully and exits 0.
/// Every option also reads an environment variable, so a container is configured without
/// rewriting its command.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Start the HTTP service.")

    /// Shared with `healthcheck`, which must probe the port `serve` binds when neither is told one.
    static let defaultPort = 8080

    @Option(help: "Address to bind (env HOST). [default: 127.0.0.1]")
    var host: String?

    @Option(help: "Port to bind; 0 picks a free one (env PORT). [default: 8080]")
    var port: Int?

    @Option(help: "Threads in the HTTP pool (env CONTAINMENT_THREADS). [default: number of cores]")
    var threads: Int?

    @Option(help: "Largest request body in bytes (env CONTAINMENT_MAX_BODY_BYTES). [default: 1048576]")
    var maxBodyBytes: Int?

    @Option(help: "Most trees held at once (env CONTAINMENT_MAX_TREES). [default: 10000]")
    var maxTrees: Int?

    @Option(help: "Most controllers per tree (env CONTAINMENT_MAX_CONTROLLERS). [default: 10000]")
    var maxControllers: Int?

    @Option(help: "Events retained per tree for replay (env CONTAINMENT_EVENTS_RETAINED). [default: 10000]")
    var eventsRetained: Int?

    @Option(help: """
        Bytes all trees together may hold, by estimate (controllers, their strings, retained events); \
        creating or growing a tree beyond it answers 507 memory_budget_exceeded (env CONTAINMENT_MEMORY_BUDGET). \
        [default: a quarter of physical memory, at most 1073741824]
        """)
    var memoryBudget: Int?

    @Option(help: "Most simultaneous connections (env CONTAINMENT_MAX_CONNECTIONS). [default: 16384]")
    var maxConnections: Int?

    @Option(help: "Seconds an idle connection may stay open, 0 for never (env CONTAINMENT_CONNECTION_TIMEOUT). [default: 60]")
    var connectionTimeout: Int?

    @Option(help: "Seconds between heartbeats on idle event streams (env CONTAINMENT_HEARTBEAT_INTERVAL). [default: 15]")
    var heartbeatInterval: Double?

    @Option(help: "Seconds events wait to be sent to streams in one write per stream (env CONTAINMENT_STREAM_FLUSH_DELAY). [default: 0.01]")
    var streamFlushDelay: Double?

    @Option(
        help: """
            An origin (scheme://host[:port]) whose browser pages may call the service (CORS), or * for any; \
            repeat for several (env CONTAINMENT_CORS_ORIGINS, comma-separated). [default: none, CORS off]
            """)
    var corsOrigin: [String] = []

    @Option(help: "trace, debug, info, notice, warning, error or critical (env LOG_LEVEL). [default: info]")
    var logLevel: String?

    func run() throws {
        AllocatorTuning.apply()
        SignalWaiter.blockTerminationSignals()
        let (configuration, level) = try resolvedConfiguration()
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "containment")

        let service = ContainmentService(configuration: configuration, logger: logger)
        do {
            try service.start()
        } catch {
            logger.error("could not start: \(error)")
            throw ExitCode.failure
        }
        SignalWaiter.waitForTermination(logger: logger)
        service.shutdown()
    }

    /// Flags, then environment, then defaults — checked together, so a bad variable is refused
    /// as clearly as a bad flag.
    private func resolvedConfiguration() throws -> (ServiceConfiguration, Logger.Level) {
        let environment = Environment()
        let levelName = try environment.value(logLevel, "LOG_LEVEL", default: "info")
        guard let level = Logger.Level(rawValue: levelName) else {
            throw ValidationError(
                "log level must be one of \(Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")), not \(levelName).")
        }
        var configuration = ServiceConfiguration()
        configuration.http.host = try environment.value(host, "HOST", default: "127.0.0.1")
        configuration.http.port = try environment.value(port, "PORT", default: Self.defaultPort)
        configuration.http.threads = try environment.value(
            threads, "CONTAINMENT_THREADS", default: AvailableCores.count())
        configuration.http.maxBodySize = try environment.value(maxBodyBytes, "CONTAINMENT_MAX_BODY_BYTES", default: 1 << 20)
        configuration.http.connectionLimit = try environment.value(
            maxConnections, "CONTAINMENT_MAX_CONNECTIONS", default: configuration.http.connectionLimit)
        configuration.http.connectionTimeout = try environment.value(
            connectionTimeout, "CONTAINMENT_CONNECTION_TIMEOUT", default: configuration.http.connectionTimeout)
        configuration.maxTrees = try environment.value(maxTrees, "CONTAINMENT_MAX_TREES", default: configuration.maxTrees)
        configuration.maxControllersPerTree = try environment.value(
            maxControllers, "CONTAINMENT_MAX_CONTROLLERS", default: configuration.maxControllersPerTree)
        configuration.eventsRetainedPerTree = try environment.value(
            eventsRetained, "CONTAINMENT_EVENTS_RETAINED", default: configuration.eventsRetainedPerTree)
        configuration.memoryBudget = try environment.value(
            memoryBudget, "CONTAINMENT_MEMORY_BUDGET", default: PhysicalMemory.defaultBudget)
        configuration.heartbeatInterval = try environment.value(
            heartbeatInterval, "CONTAINMENT_HEARTBEAT_INTERVAL", default: configuration.heartbeatInterval)

        configuration.streamFlushDelay = try environment.value(
            streamFlushDelay, "CONTAINMENT_STREAM_FLUSH_DELAY", default: configuration.streamFlushDelay)

        configuration.corsOrigins = try corsOrigins(environment)

        let atLeastOne: [(String, Int)] = [
            ("threads", configuration.http.threads), ("max body bytes", configuration.http.maxBodySize),
            ("max trees", configuration.maxTrees), ("max controllers", configuration.maxControllersPerTree),
            ("events retained", configuration.eventsRetainedPerTree),
            ("max connections", configuration.http.connectionLimit), ("memory budget", configuration.memoryBudget),
        ]
        for (name, value) in atLeastOne where value < 1 {
            throw ValidationError("\(name) must be at least 1, not \(value).")
        }
        guard (0...65_535).contains(configuration.http.port) else {
            throw ValidationError("port must be in 0...65535, not \(configuration.http.port).")
        }
        guard configuration.http.connectionTimeout >= 0 else { throw ValidationError("connection timeout must not be negative.") }
        guard configuration.heartbeatInterval > 0 else { throw ValidationError("heartbeat interval must be positive.") }
        guard (0...1).contains(configuration.streamFlushDelay) else {
            throw ValidationError("stream flush delay must be between 0 and 1 second.")
        }
        return (configuration, level)
    }

    /// `--cors-origin`s, else `CONTAINMENT_CORS_ORIGINS`; each checked to be an origin or `*`.
    func corsOrigins(_ environment: Environment) throws -> [String] {
        let origins = corsOrigin.isEmpty
            ? (environment.variable("CONTAINMENT_CORS_ORIGINS") ?? "").split(separator: ",").map {
                String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
            }.filter { !$0.isEmpty }
            : corsOrigin
        for origin in origins {
            if let problem = ServiceConfiguration.corsOriginProblem(origin) { throw ValidationError("CORS origin: \(problem).") }
        }
        return origins
    }
}
