import Foundation
import Testing

/// A `?wait=true` request still waiting at shutdown is answered with a 503 problem, not a
/// closed connection.
@Suite struct ShutdownWaiterTests {
    @Test func waitingTransitionRequestsGet503AtShutdown() throws {
        let service = try TestService()
        let waiting = try service.waitingTransition(tree: "manual")
        let stopper = Thread { service.service.shutdown() }
        stopper.start()
        let reply = try waiting.readResponse()
        #expect(reply.status == 503)
        let answer = Reply(status: reply.status, headers: reply.headers, body: reply.body)
        #expect(answer.json["code"].string == "shutting_down")
    }
}
