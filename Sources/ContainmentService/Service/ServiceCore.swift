import Logging
import Synchronization

/// The state every route shares: configuration, trees, event hub, metrics, logger.
final class ServiceCore: Sendable {
    let configuration: ServiceConfiguration
    let logger: Logger
    let metrics: ServiceMetrics
    private let shuttingDown = Atomic<Bool>(false)

    init(configuration: ServiceConfiguration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
        metrics = ServiceMetrics()
    }

    var isShuttingDown: Bool { shuttingDown.load(ordering: .acquiring) }

    func beginShutdown() { shuttingDown.store(true, ordering: .releasing) }
}
