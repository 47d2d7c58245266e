import MicroHTTP

/// What a route does with a request; a thrown `Problem` becomes the problem response.
typealias RouteHandler = @Sendable (ServiceRequest) throws(Problem) -> HTTPReply

/// Method + path template → handler. Unknown paths are 404, known paths with another method
/// 405 with `Allow`, so clients learn the contract from the errors; `OPTIONS` on a known path
/// is that `Allow` (RFC 9110 §9.3.7).
struct Router: Sendable {
    /// A class: a match hands its route on from the head to the body phase, and a reference
    /// is cheaper to copy than the fields.
    final class Route: Sendable {
        let method: String
        let template: PathTemplate
        /// The body formats the route reads; others answer 415 before the body is read.
        let accepts: [BodyFormat]
        /// Whether the route's requests carry a body (POST, PUT, PATCH): their `Content-Type`
        /// must name one of `accepts` even when the body is empty, so that a cross-site HTML
        /// form (which can send no JSON type) cannot create or change anything.
        let takesBody: Bool
        let handler: RouteHandler
        /// Whether it answers without a token when access control is on (probes, the contract).
        let isOpen: Bool
        /// Its requests' latency series.
        let histograms = RouteHistograms()

        init(method: String, template: PathTemplate, accepts: [BodyFormat], isOpen: Bool, handler: @escaping RouteHandler) {
            self.method = method
            self.template = template
            self.accepts = accepts
            takesBody = ["POST", "PUT", "PATCH"].contains(method)
            self.isOpen = isOpen
            self.handler = handler
        }
    }

    /// The outcome of looking a request up.
    enum Match {
        case found(Route, parameters: PathParameters)
        case methodNotAllowed(template: PathTemplate, allowed: [String])
        /// `OPTIONS` on a path no `OPTIONS` route takes: what it allows.
        case options(template: PathTemplate, allowed: [String])
        case notFound
    }

    /// Routes by their templates' segment count, in the order added: a path is only tried
    /// against templates of its own length.
    private var routesBySegmentCount: [[Route]] = []

    mutating func add(
        _ method: String, _ template: String, accepting accepts: [BodyFormat] = [.json], open isOpen: Bool = false,
        _ handler: @escaping RouteHandler
    ) {
        let route = Route(method: method, template: PathTemplate(template), accepts: accepts, isOpen: isOpen, handler: handler)
        let length = route.template.segments.count
        while routesBySegmentCount.count <= length { routesBySegmentCount.append([]) }
        routesBySegmentCount[length].append(route)
    }

    /// Escaped unreserved characters are decoded first (`/v1/trees/de%6Do` is `/v1/trees/demo`),
    /// as clients that escape more than they need to expect.
    func match(method: String, path: String) -> Match {
        var path = path.percentDecoded(onlyUnreserved: true)
        return path.withUTF8 { match(method: method, path: $0) }
    }

    private func match(method: String, path: UnsafeBufferPointer<UInt8>) -> Match {
        // One segment per `/`; a path with more segments than any template matches nothing.
        let segmentCount = path.reduce(0) { $0 + ($1 == UInt8(ascii: "/") ? 1 : 0) }
        guard segmentCount < routesBySegmentCount.count else { return .notFound }
        return withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: segmentCount) { segments in
            Self.fillSegments(segments, of: path)
            return match(method: method, path: path, segments: UnsafeBufferPointer(segments))
        }
    }

    /// Routes and segments are read in place (no array of segments, no retain of each route
    /// tried): this runs for every request. The route of the request's method is looked for
    /// first, so that a path's other methods (`PUT /v1/trees/{tree}` before its `GET`) bind
    /// no parameters and build no `Allow` list unless no route takes the method.
    private func match(method: String, path: UnsafeBufferPointer<UInt8>, segments: UnsafeBufferPointer<Range<Int>>) -> Match {
        let wanted = method == "HEAD" ? "GET" : method
        return routesBySegmentCount[segments.count].withUnsafeBufferPointer { routes in
            for index in routes.indices where routes[index].method == wanted && routes[index].template.matches(path, segments) {
                return .found(routes[index], parameters: routes[index].template.parameters(path, segments))
            }
            var allowed: [String] = []
            var allowedTemplate: PathTemplate?
            for index in routes.indices where routes[index].template.matches(path, segments) {
                allowed.append(routes[index].method)
                if routes[index].method == "GET" { allowed.append("HEAD") }
                allowedTemplate = routes[index].template
            }
            guard let allowedTemplate else { return .notFound }
            allowed.append("OPTIONS")
            if method == "OPTIONS" { return .options(template: allowedTemplate, allowed: allowed) }
            return .methodNotAllowed(template: allowedTemplate, allowed: allowed)
        }
    }

    /// Every method some route takes, `HEAD` with `GET`, in the order RFC 9110 lists them: what
    /// `OPTIONS *` allows and a CORS preflight lets a page send.
    var methods: [String] {
        let taken = Set(routesBySegmentCount.joined().map(\.method))
        let known = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"].filter { taken.contains($0) || ($0 == "HEAD" && taken.contains("GET")) }
        return known + taken.subtracting(known).sorted()
    }

    /// The byte ranges of the segments after the leading `/`, empty ones kept; `segments`
    /// has room for exactly one per `/`.
    private static func fillSegments(_ segments: UnsafeMutableBufferPointer<Range<Int>>, of path: UnsafeBufferPointer<UInt8>) {
        var filled = 0
        var start: Int?
        for index in path.indices where path[index] == UInt8(ascii: "/") {
            if let start {
                segments.initializeElement(at: filled, to: start..<index)
                filled += 1
            }
            start = index + 1
        }
        if let start { segments.initializeElement(at: filled, to: start..<path.count) }
    }
}
