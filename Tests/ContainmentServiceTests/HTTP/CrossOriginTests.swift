import ContainmentService
import Foundation
import MicroHTTPTestSupport
import Testing

/// CORS is off unless origins are configured; then allowed origins get preflights answered
/// and every response (streams and `?wait=true` included) readable, others get nothing.
@Suite struct CrossOriginTests {
    static let page = "http://127.0.0.1:9"

    @Test func offByDefault() throws {
        let service = try TestService(.router)
        let preflight = try service.request("OPTIONS", "/v1/trees", headers: Self.preflightHeaders)
        #expect(preflight.status == 204, "a plain OPTIONS answer")
        #expect(preflight.header("Access-Control-Allow-Origin") == nil)
        #expect(preflight.header("Access-Control-Allow-Methods") == nil)
        let reply = try service.request("GET", "/v1/trees", headers: [("Origin", Self.page)])
        #expect(reply.header("Access-Control-Allow-Origin") == nil)
        #expect(reply.header("Vary") == nil)
    }

    static let preflightHeaders = [
        ("Origin", page), ("Access-Control-Request-Method", "POST"),
        ("Access-Control-Request-Headers", "content-type"),
    ]

    @Test func preflightFromAnAllowedOriginIsA204ListingWhatMaySent() throws {
        let service = try TestService(.router) { $0.corsOrigins = [Self.page] }
        let reply = try service.request("OPTIONS", "/v1/trees/demo/calls", headers: Self.preflightHeaders)
        #expect(reply.status == 204)
        #expect(reply.header("Access-Control-Allow-Origin") == Self.page)
        #expect(reply.header("Access-Control-Allow-Methods") == "GET, HEAD, POST, PUT, PATCH, DELETE", "every method a route takes")
        #expect(reply.header("Access-Control-Allow-Headers") == "Content-Type, If-None-Match, Last-Event-ID, Authorization")
        #expect(reply.header("Vary") == "Origin")
        #expect(reply.headers.filter { $0.name == "Access-Control-Allow-Origin" }.count == 1, "one value, or browsers refuse")
        #expect(reply.body.isEmpty)
        #expect(reply.header("Connection")?.lowercased() == "close", "answered from the head alone (openapi.yaml, info)")
    }

    @Test func responsesToAnAllowedOriginExposeLocationAndETag() throws {
        let service = try TestService(.router) { $0.corsOrigins = [Self.page, "http://localhost:1"] }
        let created = try service.request(
            "POST", "/v1/trees", json: #"{"id": "demo", "clock": "manual"}"#, headers: [("Origin", Self.page)])
        #expect(created.status == 201)
        #expect(created.header("Access-Control-Allow-Origin") == Self.page)
        #expect(created.header("Access-Control-Expose-Headers") == "Location, ETag, Containment-Generation")
        let problem = try service.request("GET", "/v1/trees/missing", headers: [("Origin", Self.page)])
        #expect(problem.header("Access-Control-Allow-Origin") == Self.page, "problems are readable too")

        let stranger = try service.request("GET", "/v1/trees", headers: [("Origin", "http://evil.test")])
        #expect(stranger.header("Access-Control-Allow-Origin") == nil)
        #expect(stranger.header("Vary") == "Origin")
        let strangerPreflight = try service.request(
            "OPTIONS", "/v1/trees", headers: [("Origin", "http://evil.test"), ("Access-Control-Request-Method", "POST")])
        #expect(strangerPreflight.status == 204)
        #expect(strangerPreflight.header("Access-Control-Allow-Origin") == nil)
        #expect(strangerPreflight.header("Access-Control-Allow-Methods") == nil)
    }

    /// `/healthz` and a tree's snapshot are answers built once and sent again: the fields an
    /// origin gets go on its answer only.
    @Test func preparedAnswersGetTheHeadersOnlyWhereAsked() throws {
        let service = try TestService(.router) { $0.corsOrigins = [Self.page] }
        try service.createTree("demo", root: #"{"id": "root"}"#)
        for path in ["/healthz", "/v1/trees/demo"] {
            let plain = try service.request("GET", path)
            let asked = try service.request("GET", path, headers: [("Origin", Self.page)])
            let again = try service.request("GET", path)
            #expect(asked.status == 200 && plain.status == 200 && again.status == 200, "\(path)")
            #expect(asked.header("Access-Control-Allow-Origin") == Self.page, "\(path)")
            #expect(plain.header("Access-Control-Allow-Origin") == nil, "\(path)")
            #expect(again.header("Access-Control-Allow-Origin") == nil, "\(path)")
            #expect(asked.text == plain.text && again.text == plain.text, "\(path)")
            #expect(asked.header("ETag") == plain.header("ETag"), "\(path)")
        }
    }

    @Test func anyOriginWithAStar() throws {
        let service = try TestService(.router) { $0.corsOrigins = ["*"] }
        let reply = try service.request("GET", "/v1/trees", headers: [("Origin", "http://anything.test:8000")])
        #expect(reply.header("Access-Control-Allow-Origin") == "*")
    }

    @Test func eventStreamsAndWaitedTransitionsCarryTheHeaders() throws {
        let service = try TestService { $0.corsOrigins = [Self.page] }
        try service.createTree("demo", root: #"{"id": "root", "children": [{"id": "a"}]}"#)
        let stream = try EventStreamClient(port: service.port, "/v1/trees/demo/events", headers: [("Origin", Self.page)])
        #expect(stream.status == 200)
        #expect(stream.head.header("Access-Control-Allow-Origin") == Self.page)

        try service.request("POST", "/v1/trees/demo/controllers", json: #"{"id": "b"}"#)
        let waiter = try TestHTTPConnection(port: service.port)
        defer { waiter.close() }
        let body = Array(#"{"from": "a", "to": "b", "duration": 1}"#.utf8)
        try waiter.sendRequest(
            "POST", "/v1/trees/demo/controllers/root/transitions?wait=true",
            headers: [("Origin", Self.page), ("Content-Type", "application/json")], body: body)
        // The clock moves only once the transition runs: on a busy host the advance could
        // otherwise overtake the waiting request, which would then never finish.
        var started = false
        for _ in 0..<500 where !started {
            started = try service.request("GET", "/v1/trees/demo/transitions/t1").status == 200
            if !started { Thread.sleep(forTimeInterval: 0.01) }
        }
        try #require(started)
        try service.request("POST", "/v1/trees/demo/clock", json: #"{"advance": 1}"#)
        let answer = try waiter.readResponse(forMethod: "POST")
        #expect(answer.status == 200, "\(answer.text)")
        #expect(answer.header("Access-Control-Allow-Origin") == Self.page)
    }

    @Test(arguments: ["*", "http://127.0.0.1:3000", "https://app.example"])
    func originsThatConfigure(origin: String) {
        #expect(ServiceConfiguration.corsOriginProblem(origin) == nil)
    }

    @Test(arguments: ["127.0.0.1:3000", "http://app.example/path", "://x", "http://"])
    func originsRefused(origin: String) {
        #expect(ServiceConfiguration.corsOriginProblem(origin) != nil)
    }
}
