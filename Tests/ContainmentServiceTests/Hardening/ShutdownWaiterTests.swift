import Foundation
import MicroHTTPTestSupport
import Testing

/// A `?wait=true` request still waiting at shutdown is answered with a 503 problem, not a
/// closed connection.
@Suite struct ShutdownWaiterTests {
    @Test func waitingTransitionRequestsGet503AtShutdown() throws {
        let service = try TestService()
        try service.createTree("manual", root: #"{"id": "root", "children": [{"id": "map"}]}"#)
        try service.request("POST", "/v1/trees/manual/controllers", json: #"{"id": "list"}"#)
        let waiting = try TestHTTPConnection(port: service.port)
        try waiting.sendRequest(
            "POST", "/v1/trees/manual/controllers/root/transitions?wait=true",
            headers: [("Content-Type", "application/json")], body: Array(#"{"from": "map", "to": "list", "duration": 2}"#.utf8))
        var started = false
        for _ in 0..<500 where !started {
            started = try service.request("GET", "/v1/trees/manual/transitions/t1").status == 200
            if !started { Thread.sleep(forTimeInterval: 0.01) }
        }
        try #require(started)
        let stopper = Thread { service.service.shutdown() }
        stopper.start()
        let reply = try waiting.readResponse()
        #expect(reply.status == 503)
        let answer = Reply(status: reply.status, headers: reply.headers, body: reply.body)
        #expect(answer.json["code"].string == "shutting_down")
    }
}
