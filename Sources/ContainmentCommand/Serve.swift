import ArgumentParser
import ContainmentPersistence
import ContainmentService
import Dispatch
import Glibc
import Logging

/// `containment serve`: runs until SIGTERM, SIGINT or SIGHUP, then shuts down gracefully and exits 0.
/// Every option also reads an environment variable, so a container is configured without
/// rewriting its command.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Start the HTTP service.")

    /// What the service runs with when neither a flag nor its variable says otherwise. The help
    /// below reads its defaults from here, so `--help` cannot drift from what `serve` does.
    static let defaults = ServiceConfiguration()
    static let defaultLogLevel = Logger.Level.info

    /// `--allowed-host` repeats, so its value gets a name of its own in the help.
    static var allowedHostHelp: ArgumentHelp {
        var help = ArgumentHelp.serve(
            "Host header value to answer besides localhost, 127.0.0.1 and [::1] (name or address, any port); repeat for more, * for any; others get 421",
            environment: "CONTAINMENT_ALLOWED_HOSTS (comma-separated)", default: "only those three when bound to loopback, else any")
        help.valueName = "host"
        return help
    }

    /// Shared with `healthcheck`, which must probe the port `serve` binds when neither is told one.
    static var defaultPort: Int { defaults.http.port }

    @Option(help: .serve("Address to bind", environment: "HOST", default: defaults.http.host))
    var host: String?

    @Option(help: .serve("Port to bind; 0 picks a free one", environment: "PORT", default: defaults.http.port))
    var port: Int?

    @Option(help: .serve("Threads in the HTTP pool", environment: "CONTAINMENT_THREADS", default: "number of cores available"))
    var threads: Int?

    @Option(help: .serve("Largest request body in bytes", environment: "CONTAINMENT_MAX_BODY_BYTES", default: defaults.http.maxBodySize))
    var maxBodyBytes: Int?

    @Option(help: .serve("Most trees held at once", environment: "CONTAINMENT_MAX_TREES", default: defaults.maxTrees))
    var maxTrees: Int?

    @Option(help: .serve("Most controllers per tree", environment: "CONTAINMENT_MAX_CONTROLLERS", default: defaults.maxControllersPerTree))
    var maxControllers: Int?

    @Option(help: .serve("Events retained per tree for replay", environment: "CONTAINMENT_EVENTS_RETAINED", default: defaults.eventsRetainedPerTree))
    var eventsRetained: Int?

    @Option(
        help: .serve(
            "Bytes all trees together may hold, by estimate (controllers, their strings, retained events); creating or growing a tree beyond it answers 507 memory_budget_exceeded",
            environment: "CONTAINMENT_MEMORY_BUDGET",
            default: "a quarter of the container's memory limit (cgroup) or else of physical memory, at most \(defaults.memoryBudget)"))
    var memoryBudget: Int?

    @Option(
        help: .serve(
            "Most simultaneous connections; past it new ones are answered 503 at once", environment: "CONTAINMENT_MAX_CONNECTIONS",
            default: defaults.http.connectionLimit))
    var maxConnections: Int?

    @Option(
        help: .serve(
            "Most simultaneous connections from one client address; 0 for no limit of its own",
            environment: "CONTAINMENT_MAX_CONNECTIONS_PER_CLIENT", default: "no limit of its own when bound to loopback, else 1024"))
    var maxConnectionsPerClient: Int?

    @Option(
        help: .serve(
            "Seconds an idle connection may stay open, 0 for never", environment: "CONTAINMENT_CONNECTION_TIMEOUT",
            default: defaults.http.connectionTimeout))
    var connectionTimeout: Int?

    @Option(
        help: .serve(
            "Seconds a request's head may take to arrive, from the connection's opening or its previous response",
            environment: "CONTAINMENT_REQUEST_HEAD_TIMEOUT", default: defaults.http.requestHeadTimeout))
    var requestHeadTimeout: Double?

    @Option(help: Serve.allowedHostHelp)
    var allowedHost: [String] = []

    @Option(
        help: .serve(
            "Seconds between heartbeats on idle event streams", environment: "CONTAINMENT_HEARTBEAT_INTERVAL",
            default: defaults.heartbeatInterval))
    var heartbeatInterval: Double?

    @Option(
        help: .serve(
            "Seconds events wait to be sent to streams in one write per stream", environment: "CONTAINMENT_STREAM_FLUSH_DELAY",
            default: defaults.streamFlushDelay))
    var streamFlushDelay: Double?

    @Option(
        help: .serve(
            "Seconds requests are still served after SIGTERM while /readyz already answers 503, so a proxy stops sending before the listener closes",
            environment: "CONTAINMENT_DRAIN_DELAY", default: defaults.drainDelay))
    var drainDelay: Double?

    @Option(
        help: .serve(
            "File of bearer tokens, one `NAME ROLE SHA256HEX` per line (role user or admin); turns access control on",
            environment: "CONTAINMENT_AUTH_TOKEN_FILE", default: "none, open"))
    var authTokenFile: String?

    @Flag(help: .serve("With a token file, /metrics needs a token too", environment: "CONTAINMENT_AUTH_METRICS=true", default: false))
    var authMetrics = false

    @Option(
        help: .serve(
            "An origin (scheme://host[:port]) whose browser pages may call the service (CORS), or * for any; repeat for several",
            environment: "CONTAINMENT_CORS_ORIGINS (comma-separated)", default: "none, CORS off"))
    var corsOrigin: [String] = []

    @Option(
        help: .serve(
            "Directory that keeps trees across restarts (SQLite, created if missing): every acknowledged change is committed there first, and a start restores every tree",
            environment: "CONTAINMENT_STATE_DIR", default: "none, trees live in memory only"))
    var stateDir: String?

    @Option(
        help: .serve(
            "PostgreSQL database shared by several instances (postgresql://USER[:PASSWORD]@HOST[:PORT]/DB): every acknowledged change is committed there first, and any instance serves any tree, one at a time; instead of --state-dir",
            environment: "CONTAINMENT_STATE_URL", default: "none"))
    var stateURL: String?

    @Option(
        help: .serve(
            "How durable a commit is before the answer: normal survives a crash of the process, full also a power loss (one fsync per group commit)",
            environment: "CONTAINMENT_STATE_SYNC", default: defaults.stateSynchronous.rawValue))
    var stateSync: String?

    @Option(
        help: .serve(
            "With --state-sync normal, seconds after which every commit is synced at the latest, so a power loss loses at most that much; 0 syncs at SQLite's checkpoints only (every 8 MiB of log, however long that takes)",
            environment: "CONTAINMENT_STATE_SYNC_INTERVAL", default: defaults.stateSyncInterval))
    var stateSyncInterval: Double?

    @Option(
        help: .serve(
            "Journal entries per tree before a snapshot of the tree replaces them, once they also outweigh its last snapshot (always at 10 times this, at 16 MiB, or once they caused more than 2 events per controller, at least 50,000)",
            environment: "CONTAINMENT_STATE_SNAPSHOT_EVERY", default: defaults.journalEntriesPerSnapshot))
    var stateSnapshotEvery: Int?

    @Option(
        help: .serve(
            "trace, debug, info, notice, warning, error or critical", environment: "LOG_LEVEL", default: defaultLogLevel.rawValue))
    var logLevel: String?

    func run() throws {
        AllocatorTuning.apply()
        SignalWaiter.blockTerminationSignals()
        SignalWaiter.ignoreFileSizeLimitSignal()
        let (configuration, level) = try resolvedConfiguration()
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "containment")

        let service: ContainmentService
        do {
            service = try ContainmentService(configuration: configuration, logger: logger)
        } catch {
            logger.error("could not start: \(error)")
            throw ExitCode.failure
        }
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
    func resolvedConfiguration(environment: Environment = Environment()) throws -> (ServiceConfiguration, Logger.Level) {
        let levelName = try environment.value(logLevel, "LOG_LEVEL", default: Self.defaultLogLevel.rawValue)
        guard let level = Logger.Level(rawValue: levelName) else {
            throw ValidationError(
                "log level must be one of \(Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")), not \(levelName).")
        }
        var configuration = Self.defaults
        configuration.http.host = try environment.value(host, "HOST", default: configuration.http.host)
        configuration.http.port = try environment.value(port, "PORT", default: configuration.http.port)
        configuration.http.threads = try environment.value(
            threads, "CONTAINMENT_THREADS", default: AvailableCores.count())
        configuration.http.maxBodySize = try environment.value(
            maxBodyBytes, "CONTAINMENT_MAX_BODY_BYTES", default: configuration.http.maxBodySize)
        configuration.http.connectionLimit = try environment.value(
            maxConnections, "CONTAINMENT_MAX_CONNECTIONS", default: configuration.http.connectionLimit)
        configuration.http.connectionTimeout = try environment.value(
            connectionTimeout, "CONTAINMENT_CONNECTION_TIMEOUT", default: configuration.http.connectionTimeout)
        let perClient = try environment.value(maxConnectionsPerClient, "CONTAINMENT_MAX_CONNECTIONS_PER_CLIENT", default: -1)
        if perClient >= 0 { configuration.http.connectionLimitPerClient = perClient }
        configuration.http.requestHeadTimeout = try environment.value(
            requestHeadTimeout, "CONTAINMENT_REQUEST_HEAD_TIMEOUT", default: configuration.http.requestHeadTimeout)
        let hosts = allowedHost.isEmpty ? try environment.value(nil, "CONTAINMENT_ALLOWED_HOSTS", default: "") : allowedHost.joined(separator: ",")
        if !hosts.isEmpty {
            configuration.http.allowedHosts = hosts.split(separator: ",").map { String($0.filter { $0 != " " }) }.filter { !$0.isEmpty }
        }
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
        configuration.drainDelay = try environment.value(drainDelay, "CONTAINMENT_DRAIN_DELAY", default: configuration.drainDelay)

        let tokenFile = try environment.value(authTokenFile, "CONTAINMENT_AUTH_TOKEN_FILE", default: "")
        if !tokenFile.isEmpty { configuration.accessTokens = try Self.accessTokens(from: tokenFile) }
        configuration.protectsMetrics = try environment.value(authMetrics ? true : nil, "CONTAINMENT_AUTH_METRICS", default: false)
        if configuration.protectsMetrics && configuration.accessTokens == nil {
            throw ValidationError("--auth-metrics needs --auth-token-file.")
        }
        configuration.corsOrigins = try corsOrigins(environment)
        let stateDirectory = try environment.value(stateDir, "CONTAINMENT_STATE_DIR", default: "")
        configuration.stateDirectory = stateDirectory.isEmpty ? nil : stateDirectory
        let stateURL = try environment.value(stateURL, "CONTAINMENT_STATE_URL", default: "")
        configuration.stateURL = stateURL.isEmpty ? nil : stateURL
        if configuration.stateURL != nil && configuration.stateDirectory != nil {
            throw ValidationError("give either a state directory or a state URL, not both.")
        }
        // Checked as the store parses it, and refused without quoting it (any part may be the password).
        if let url = configuration.stateURL {
            do {
                try JournalStoreFactory.checkURL(url)
            } catch {
                throw ValidationError("\(error).")
            }
        }
        let syncName = try environment.value(stateSync, "CONTAINMENT_STATE_SYNC", default: configuration.stateSynchronous.rawValue)
        guard let synchronous = StoreSynchronous(rawValue: syncName) else {
            throw ValidationError("state sync must be normal or full, not \(syncName).")
        }
        configuration.stateSynchronous = synchronous
        configuration.stateSyncInterval = try environment.value(
            stateSyncInterval, "CONTAINMENT_STATE_SYNC_INTERVAL", default: configuration.stateSyncInterval)
        guard configuration.stateSyncInterval >= 0, configuration.stateSyncInterval <= 86_400 else {
            throw ValidationError("state sync interval must be between 0 and 86400 seconds.")
        }
        configuration.journalEntriesPerSnapshot = try environment.value(
            stateSnapshotEvery, "CONTAINMENT_STATE_SNAPSHOT_EVERY", default: configuration.journalEntriesPerSnapshot)

        let atLeastOne: [(String, Int)] = [
            ("threads", configuration.http.threads), ("max body bytes", configuration.http.maxBodySize),
            ("max trees", configuration.maxTrees), ("max controllers", configuration.maxControllersPerTree),
            ("events retained", configuration.eventsRetainedPerTree),
            ("max connections", configuration.http.connectionLimit), ("memory budget", configuration.memoryBudget),
            ("state snapshot every", configuration.journalEntriesPerSnapshot),
        ]
        for (name, value) in atLeastOne where value < 1 {
            throw ValidationError("\(name) must be at least 1, not \(value).")
        }
        guard (0...65_535).contains(configuration.http.port) else {
            throw ValidationError("port must be in 0...65535, not \(configuration.http.port).")
        }
        guard configuration.http.connectionTimeout >= 0 else { throw ValidationError("connection timeout must not be negative.") }
        guard configuration.http.requestHeadTimeout > 0 else { throw ValidationError("request head timeout must be positive.") }
        guard configuration.heartbeatInterval > 0 else { throw ValidationError("heartbeat interval must be positive.") }
        guard (0...3_600).contains(configuration.drainDelay) else {
            throw ValidationError("drain delay must be between 0 and 3600 seconds.")
        }
        guard (0...1).contains(configuration.streamFlushDelay) else {
            throw ValidationError("stream flush delay must be between 0 and 1 second.")
        }
        return (configuration, level)
    }

    /// The token file, read once at startup; an unreadable or malformed file stops the
    /// service instead of leaving it open.
    static func accessTokens(from path: String) throws -> AccessTokens {
        guard let file = fopen(path, "r") else { throw ValidationError("cannot read the token file \(path).") }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count == 0 { break }
            bytes += buffer[0..<count]
            guard bytes.count <= 1 << 20 else { throw ValidationError("the token file \(path) is over 1 MiB.") }
        }
        do {
            return try AccessTokens(fileText: String(decoding: bytes, as: UTF8.self))
        } catch {
            throw ValidationError("\(path): \(error)")
        }
    }

    /// `--cors-origin`s, else `CONTAINMENT_CORS_ORIGINS`; each checked to be an origin or `*`.
    func corsOrigins(_ environment: Environment) throws -> [String] {
        let origins =
            corsOrigin.isEmpty
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

extension ArgumentHelp {
    /// A `serve` option's help: what it sets, the variable that also sets it, and its default.
    static func serve(_ summary: String, environment: String, default value: some CustomStringConvertible) -> ArgumentHelp {
        ArgumentHelp("\(summary) (env \(environment)). [default: \(value)]")
    }
}
