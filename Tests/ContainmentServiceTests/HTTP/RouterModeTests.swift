import Testing

/// The in-process `.router` mode answers as the live server does, field for field and byte
/// for byte, so that route tests can run without sockets and lose nothing.
@Suite struct RouterModeTests {
    /// The same requests, each kind of answer once: created, read, HEAD, 304, gzip, problems
    /// from the head (404, 405, 415) and from the body (400), OPTIONS, YAML, the documents,
    /// deletion.
    private static func exchange(_ service: TestService) throws -> [Reply] {
        var replies: [Reply] = []
        func send(_ method: String, _ target: String, json: String? = nil, headers: [(String, String)] = []) throws {
            replies.append(try service.request(method, target, json: json, headers: headers))
        }
        try send("GET", "/healthz")
        try send("GET", "/readyz")
        try send("POST", "/v1/trees", json: #"{"id": "demo", "clock": "manual", "root": {"id": "root", "children": [{"id": "map"}]}}"#)
        try send("GET", "/v1/trees/demo")
        try send("HEAD", "/v1/trees/demo")
        try send("GET", "/v1/trees/demo", headers: [("If-None-Match", replies.last?.header("ETag") ?? "")])
        try send("GET", "/v1/trees/demo?pretty=true", headers: [("Accept-Encoding", "gzip")])
        try send("GET", "/nowhere")
        try send("DELETE", "/v1/trees")
        try send("POST", "/v1/trees/demo/controllers", headers: [("Content-Type", "text/plain")])
        try send("POST", "/v1/trees/demo/controllers", json: #"{"id": 1}"#)
        try send("POST", "/v1/trees/demo/controllers", headers: [("Content-Type", "application/yaml")])
        try send("OPTIONS", "/v1/trees/demo")
        try send("OPTIONS", "*")
        try send("GET", "/v1/trees/demo/events?limit=2&after=3")
        try send("GET", "/v1/trees/demo/hierarchy")
        try send("GET", "/openapi.yaml")
        try send("GET", "/")
        try send("DELETE", "/v1/trees/demo")
        try send("GET", "/v1/trees/demo")
        return replies
    }

    /// With a state directory every change is answered once committed: a deferred answer,
    /// which the in-process client waits for as the connection would.
    @Test(arguments: [false, true])
    func answersAsTheLiveServerDoes(withStateDirectory: Bool) throws {
        let liveDirectory = StateDirectory()
        let routerDirectory = StateDirectory()
        let live = try Self.exchange(TestService(.live) { if withStateDirectory { $0.stateDirectory = liveDirectory.path } })
        let router = try Self.exchange(TestService(.router) { if withStateDirectory { $0.stateDirectory = routerDirectory.path } })
        #expect(live.count == router.count)
        for (live, router) in zip(live, router) {
            #expect(router.status == live.status)
            #expect(router.fields == live.fields, "\(live.status)")
            #expect(router.textWithoutTimes == live.textWithoutTimes, "\(live.status)")
        }
    }
}

extension Reply {
    /// The body with each event's wall-clock `time` blanked: the two services ran at different moments.
    fileprivate var textWithoutTimes: String { text.replacing(/"time" ?: ?"[^"]*"/, with: #""time":"""#) }

    /// The fields, sorted, without `Date` (the clock's, which libmicrohttpd adds).
    fileprivate var fields: [String] {
        headers.filter { $0.name.lowercased() != "date" }.map { "\($0.name.lowercased()): \($0.value)" }.sorted()
    }
}
