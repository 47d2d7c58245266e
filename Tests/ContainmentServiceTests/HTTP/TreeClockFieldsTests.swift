import Testing

/// A tree's JSON says where its manual clock stands (`time`) and when the next running
/// transition completes (`nextDueTime`), so a client can step exactly to it.
@Suite struct TreeClockFieldsTests {
    @Test func manualTreeShowsItsTimeAndTheNextDueTransition() throws {
        let service = try TestService(.router)
        let created = try service.createTree("demo", root: #"{"id": "root", "children": [{"id": "map"}]}"#)
        let createdAt = try #require(created.json["tree"]["time"].string)
        #expect(created.json["tree"]["nextDueTime"].isNull)
        try service.request("POST", "/v1/trees/demo/controllers", json: #"{"id": "list"}"#)

        let started = try service.request(
            "POST", "/v1/trees/demo/controllers/root/transitions", json: #"{"from": "map", "to": "list", "duration": 0.25}"#)
        #expect(started.status == 202)
        let running = try service.request("GET", "/v1/trees/demo").json
        #expect(running["time"].string == createdAt, "only the clock endpoint moves a manual clock")
        let due = try #require(running["nextDueTime"].string)
        #expect(due == started.json["transition"]["completesAt"].string)

        let step = try service.request("POST", "/v1/trees/demo/clock", json: #"{"advance": 0.25}"#)
        #expect(step.callbacks.contains("root.transitionCompletion"))
        let after = try service.request("GET", "/v1/trees/demo").json
        #expect(after["time"].string == due)
        #expect(after["nextDueTime"].isNull)
    }

    @Test func realTreeHasNoClockTime() throws {
        let service = try TestService(.router)
        let created = try service.createTree("real", root: #"{"id": "root"}"#, clock: "real")
        #expect(created.json["tree"]["time"].isNull)
        #expect(try service.request("GET", "/v1/trees/real").json["time"].isNull)
    }
}
