import MicroHTTP
import Testing

@testable import ContainmentService

/// `GET /readyz` (traffic) apart from `GET /healthz` (liveness).
@Suite struct ReadinessTests {
    @Test func readyOnceStarted() throws {
        let service = try TestService()
        let reply = try service.request("GET", "/readyz")
        #expect(reply.status == 200)
        #expect(reply.text == #"{"status":"ready"}"#)
    }

    @Test func notReadyBeforeStartAndWhileShuttingDown() throws {
        let core = ServiceCore(configuration: ServiceConfiguration(), logger: .init(label: "test"))
        #expect(!core.isReady, "starting: not ready")
        core.markReady()
        #expect(core.isReady)
        core.beginShutdown()
        #expect(!core.isReady, "shutting down: not ready")
    }

    /// Before `start` has finished (the window a store's restore will widen) the route answers 503.
    @Test func routeAnswers503NotReadyWhileStarting() throws {
        let core = ServiceCore(configuration: ServiceConfiguration(), logger: .init(label: "test"))
        let pipeline = RequestPipeline(router: Router.containment(core), core: core)
        let head = HTTPRequestHead(method: "GET", path: "/readyz", query: [], headers: [:])
        guard case .readBody(let match) = pipeline.answerEarly(head),
            case .response(let response) = pipeline.answer(HTTPRequest(head: head, body: []), match),
            case .bytes(let body) = response.body
        else {
            Issue.record("expected a complete response")
            return
        }
        #expect(response.status == 503)
        #expect(String(decoding: body, as: UTF8.self).contains(#""code":"not_ready""#))
    }
}
