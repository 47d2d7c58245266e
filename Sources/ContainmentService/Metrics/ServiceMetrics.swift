import Prometheus
import Synchronization

/// The service's Prometheus metrics. Every label value comes from a fixed set, so no client can
/// grow the series count: requests are labelled by route *template* (never the path), by
/// method from ``methodLabel(_:)`` (any non-standard method is `other`) and by status, which only the
/// service chooses.
final class ServiceMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    let trees: Gauge
    let controllers: Gauge
    let eventsRetained: Gauge
    let eventsPublished: Counter
    let eventStreams: Gauge
    /// Histograms already registered, by series: the registry's own lookup validates names,
    /// help text and buckets on every call.
    private let requestSeries = Mutex<[RequestSeries: DurationHistogram]>([:])

    private struct RequestSeries: Hashable {
        let route: String
        let method: String
        let status: Int
    }

    private static let latencyBuckets: [Duration] = [
        .microseconds(50), .microseconds(100), .microseconds(250), .microseconds(500),
        .milliseconds(1), .milliseconds(2.5), .milliseconds(5), .milliseconds(10),
        .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250),
        .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5),
    ]

    init() {
        trees = registry.makeGauge(
            descriptor: MetricNameDescriptor(
                namespace: "containment", metricName: "trees", unitName: "", helpText: "Trees held in memory."))
        controllers = registry.makeGauge(
            descriptor: MetricNameDescriptor(
                namespace: "containment", metricName: "controllers", unitName: "", helpText: "Controllers across all trees."))
        eventsRetained = registry.makeGauge(
            descriptor: MetricNameDescriptor(
                namespace: "containment", metricName: "events_retained", unitName: "",
                helpText: "Events kept for replay across all trees."))
        eventsPublished = registry.makeCounter(
            descriptor: MetricNameDescriptor(
                namespace: "containment", metricName: "events_published", unitName: "total",
                helpText: "Events published since start."))
        eventStreams = registry.makeGauge(
            descriptor: MetricNameDescriptor(
                namespace: "containment", metricName: "event_streams", unitName: "",
                helpText: "Open SSE and NDJSON event streams."))
    }

    /// Counts one answered request with its latency; `cache` (the matched route's) finds the
    /// series without hashing the route's template again.
    func recordRequest(method: String, route: String, status: Int, duration: Duration, cache: RouteHistograms? = nil) {
        let method = Self.methodLabel(method)
        let histogram =
            cache?.histogram(method: method, status: status) { requestHistogram(method: method, route: route, status: status) }
            ?? requestHistogram(method: method, route: route, status: status)
        histogram.record(duration)
    }

    /// `method` when it is one of HTTP's standard methods, else `other`, so that made-up methods
    /// cannot add series without end. Compared with the nine literals rather than hashed into a
    /// `Set`: it runs on every request.
    static func methodLabel(_ method: String) -> String {
        switch method {
        case "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT": method
        default: "other"
        }
    }

    private func requestHistogram(method: String, route: String, status: Int) -> DurationHistogram {
        let series = RequestSeries(route: route, method: method, status: status)
        return requestSeries.withLock { known in
            if let histogram = known[series] { return histogram }
            let histogram = registry.makeDurationHistogram(
                descriptor: MetricNameDescriptor(
                    namespace: "containment", subsystem: "http", metricName: "request_duration", unitName: "seconds",
                    helpText: "HTTP requests by route template, method and status, with latency."),
                labels: [("route", route), ("method", method), ("status", String(status))],
                buckets: Self.latencyBuckets)
            known[series] = histogram
            return histogram
        }
    }

    /// The Prometheus text exposition.
    func exposition() -> [UInt8] { registry.emitToBuffer() }
}

/// The request histograms one route has recorded into, by method and status: a short scan
/// of a few entries instead of hashing the template, method and status of every request.
final class RouteHistograms: Sendable {
    private let known = Mutex<[(method: String, status: Int, histogram: DurationHistogram)]>([])

    func histogram(method: String, status: Int, orMake make: () -> DurationHistogram) -> DurationHistogram {
        known.withLock { known in
            if let entry = known.first(where: { $0.status == status && $0.method == method }) { return entry.histogram }
            let histogram = make()
            known.append((method, status, histogram))
            return histogram
        }
    }
}
