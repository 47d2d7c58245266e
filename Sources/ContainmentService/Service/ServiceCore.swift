import Containment
import Logging
import Synchronization

/// The state every route shares: configuration, trees, event hub, metrics, logger.
final class ServiceCore: Sendable {
    let configuration: ServiceConfiguration
    let logger: Logger
    let metrics: ServiceMetrics
    let hub: EventHub
    let registry: TreeRegistry
    private let shuttingDown = Atomic<Bool>(false)

    init(configuration: ServiceConfiguration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
        metrics = ServiceMetrics()
        hub = EventHub(metrics: metrics)
        registry = TreeRegistry(limit: configuration.maxTrees)
    }

    var isShuttingDown: Bool { shuttingDown.load(ordering: .acquiring) }

    func beginShutdown() { shuttingDown.store(true, ordering: .releasing) }
}

extension ServiceCore {
    /// Runs an engine step on the request's tree under that tree's lock and publishes its
    /// events; the step's result and events come back for the response.
    func mutate<Result: Sendable>(
        _ request: ServiceRequest,
        _ body: (ContainmentTree, _ now: Double, _ state: inout TreeBox.State) throws(Problem) -> (Result, [Event])
    ) throws(Problem) -> (Result, [Event]) {
        try registry.box(request.parameter("tree")).withTree(self, body)
    }

    /// Reads the request's tree under its lock.
    func read<Result: Sendable>(_ request: ServiceRequest, _ body: (ContainmentTree) throws(Problem) -> Result) throws(Problem) -> Result {
        try registry.box(request.parameter("tree")).read(self, body)
    }
}

extension Problem {
    /// Runs an engine call, turning its `ContainmentError` into the matching problem.
    static func engine<Value>(_ body: () throws -> Value) throws(Problem) -> Value {
        do {
            return try body()
        } catch let error as ContainmentError {
            throw Problem(error)
        } catch let problem as Problem {
            throw problem
        } catch {
            throw .internalError("Unexpected engine error: \(error)")
        }
    }
}
