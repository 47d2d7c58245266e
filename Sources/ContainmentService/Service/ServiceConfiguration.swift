import MicroHTTP

/// Every knob of a running service; the command line fills it, tests shrink it.
public struct ServiceConfiguration: Sendable {
    /// Address, port, threads, connection limits and body limit of the HTTP server.
    public var http = HTTPServerConfiguration()
    /// Most trees held at once; creating one more answers 507.
    public var maxTrees = 10_000
    /// Most controllers in one tree; the engine refuses more (507).
    public var maxControllersPerTree = 10_000
    /// Events kept per tree for `GET .../events`; older ones answer 410.
    public var eventsRetainedPerTree = 10_000
    /// Seconds between heartbeats on idle event streams.
    public var heartbeatInterval: Double = 15
    /// Largest `limit` a page (trees, events) may ask for.
    public var maxPageSize = 1_000

    public init() {}
}
