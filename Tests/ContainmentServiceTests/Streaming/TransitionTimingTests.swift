import Containment
import Foundation
import MicroHTTPTestSupport
import Synchronization
import Testing

@Suite struct TransitionTimingTests {
    private static let twoChildren = #"{"id": "root", "children": [{"id": "map"}]}"#

    /// `?wait=true` on the real clock: the response comes once the transition finished (no
    /// sooner than its duration) and carries the start events, then the completion's.
    @Test func waitTrueAnswersWithAllEventsOnceTheTransitionFinished() throws {
        let service = try TestService(.router)
        try service.createTree("live", root: Self.twoChildren, clock: "real")
        try service.request("POST", "/v1/trees/live/controllers", json: #"{"id": "list"}"#)
        let started = ContinuousClock.now
        let reply = try service.request(
            "POST", "/v1/trees/live/controllers/root/transitions?wait=true", json: #"{"from": "map", "to": "list", "duration": 0.2}"#)
        #expect(ContinuousClock.now - started >= .milliseconds(200))
        #expect(reply.status == 200)
        #expect(reply.json["transition"]["state"].string == "finished")
        #expect(reply.header("Location") == "/v1/trees/live/transitions/\(reply.json["transition"]["id"].string ?? "?")")
        let callbacks = reply.callbacks
        #expect(callbacks.first == "map.willMove(nil)")
        let completion = try #require(callbacks.firstIndex(of: "root.transitionCompletion"))
        #expect(callbacks[completion...].prefix(3) == ["root.transitionCompletion", "map.didMove(nil)", "list.didMove(root)"])
        let seqs = reply.json["events"].array.compactMap { $0["seq"].int }
        #expect(seqs == Array((seqs.first ?? 0)...(seqs.last ?? 0)), "contiguous: nothing of the transition left out")
    }

    /// Without `wait`, the 202 describes the running transition and the one transition timer
    /// completes it: the stream receives the completion with no further request.
    @Test func realClockCompletesOnTheTimerAndStreamsTheCompletion() throws {
        let service = try TestService()
        try service.createTree("live", root: Self.twoChildren, clock: "real")
        try service.request("POST", "/v1/trees/live/controllers", json: #"{"id": "list"}"#)
        let lastSeq = try service.request("GET", "/v1/trees/live").json["lastSeq"].int ?? 0
        let stream = try EventStreamClient(port: service.port, "/v1/trees/live/events?after=\(lastSeq)")

        let reply = try service.request(
            "POST", "/v1/trees/live/controllers/root/transitions", json: #"{"from": "map", "to": "list", "duration": 0.05}"#)
        #expect(reply.status == 202)
        let transition = reply.json["transition"]
        #expect(transition["state"].string == "running")
        #expect(transition["from"].string == "map" && transition["to"].string == "list")
        #expect(transition["startedAt"].string != nil && transition["completesAt"].string != nil)

        let messages = try stream.messages { $0.event == "didMove" && $0.data["controller"].string == "list" }
        #expect(messages.map(\.data).prefix(reply.json["events"].array.count).elementsEqual(reply.json["events"].array))
        #expect(messages.contains { $0.event == "transitionCompletion" })
        let id = try #require(transition["id"].string)
        #expect(try service.request("GET", "/v1/trees/live/transitions/\(id)").json["state"].string == "finished")
    }

    /// On a manual clock only `POST .../clock` moves time: two overlapping transitions complete
    /// in due order, each in the response of the advance that reached it.
    @Test func manualClockCompletesInterleavedTransitionsInDueOrder() throws {
        let service = try TestService(.router)
        try service.createTree(
            "manual",
            root: #"""
                {"id": "root", "children": [{"id": "left", "children": [{"id": "a"}]}, {"id": "right", "children": [{"id": "b"}]}]}
                """#)
        try service.request("POST", "/v1/trees/manual/controllers", json: #"{"id": "a2"}"#)
        try service.request("POST", "/v1/trees/manual/controllers", json: #"{"id": "b2"}"#)
        let slow = try service.request(
            "POST", "/v1/trees/manual/controllers/left/transitions", json: #"{"from": "a", "to": "a2", "duration": 1}"#)
        let fast = try service.request(
            "POST", "/v1/trees/manual/controllers/right/transitions", json: #"{"from": "b", "to": "b2", "duration": 0.5}"#)
        #expect(slow.status == 202 && fast.status == 202)
        #expect(!slow.callbacks.contains("left.transitionCompletion"))

        let first = try service.request("POST", "/v1/trees/manual/clock", json: #"{"advance": 0.75}"#)
        #expect(first.callbacks.contains("right.transitionCompletion"))
        #expect(first.callbacks.contains("b2.didMove(right)"))
        #expect(!first.callbacks.contains("left.transitionCompletion"))

        let second = try service.request("POST", "/v1/trees/manual/clock", json: #"{"advance": 0.5}"#)
        #expect(second.callbacks.contains("left.transitionCompletion"))
        #expect(second.callbacks.contains("a2.didMove(left)"))
        #expect(!second.callbacks.contains("right.transitionCompletion"))
    }

    /// `?wait=true` on a manual tree waits (suspended) for the clock request that finishes it.
    @Test func waitTrueOnManualClockIsAnsweredByTheAdvance() throws {
        let service = try TestService()
        try service.createTree("manual", root: Self.twoChildren)
        try service.request("POST", "/v1/trees/manual/controllers", json: #"{"id": "list"}"#)
        let waiting = try TestHTTPConnection(port: service.port)
        let body = Array(#"{"from": "map", "to": "list", "duration": 2}"#.utf8)
        try waiting.sendRequest(
            "POST", "/v1/trees/manual/controllers/root/transitions?wait=true",
            headers: [("Content-Type", "application/json")], body: body)
        // The transition exists once the waiting request ran; only then move the clock.
        var started = false
        for _ in 0..<500 where !started {
            started = try service.request("GET", "/v1/trees/manual/transitions/t1").status == 200
            if !started { Thread.sleep(forTimeInterval: 0.01) }
        }
        try #require(started)
        let advance = try service.request("POST", "/v1/trees/manual/clock", json: #"{"advance": 2}"#)
        #expect(advance.callbacks.contains("root.transitionCompletion"))

        let reply = try waiting.readResponse()
        #expect(reply.status == 200)
        let answer = Reply(status: reply.status, headers: reply.headers, body: reply.body)
        #expect(answer.json["transition"]["state"].string == "finished")
        #expect(answer.callbacks.first == "map.willMove(nil)")
        #expect(answer.callbacks.suffix(advance.callbacks.count) == advance.callbacks[...])
    }

    @Test func deletingTheTreeAnswersAWaitingTransitionWithNotFound() throws {
        let service = try TestService()
        let waiting = try service.waitingTransition(tree: "manual")
        #expect(try service.request("DELETE", "/v1/trees/manual").status == 200)
        #expect(try waiting.readResponse().status == 404)
    }
}
