import Foundation
import Testing

@Suite struct RealClockTests {
    /// On the real clock a running transition completes once its duration has passed (the
    /// transition timer completes it; its events are in the tree's log).
    @Test func transitionCompletesAfterItsDurationInWallTime() throws {
        let service = try TestService(.router)
        try service.createTree("live", root: #"{"id": "root", "children": [{"id": "map"}]}"#, clock: "real")
        try service.request("POST", "/v1/trees/live/controllers", json: #"{"id": "list"}"#)
        let started = try service.request(
            "POST", "/v1/trees/live/controllers/root/transitions", json: #"{"from": "map", "to": "list", "duration": 0.05}"#)
        #expect(started.status == 202)
        let id = try #require(started.json["transition"]["id"].string)
        let lastSeq = try #require(started.json["events"].array.last?["seq"].int)

        Thread.sleep(forTimeInterval: 0.2)
        let transition = try service.request("GET", "/v1/trees/live/transitions/\(id)")
        #expect(transition.json["state"].string == "finished")
        let completion = try service.request("GET", "/v1/trees/live/events?after=\(lastSeq)")
        #expect(completion.callbacks.contains("root.transitionCompletion"))
        #expect(completion.callbacks.suffix(4).prefix(2) == ["map.didMove(nil)", "list.didMove(root)"])
    }
}
