import MicroHTTP
import Testing

@testable import ContainmentService

@Suite struct RequestPipelineTests {
    /// Each route answers with its own status and the `tree` parameter it was given.
    private let pipeline: RequestPipeline = {
        var router = Router()
        router.add("GET", "/v1/trees/{tree}") { request in
            .response(HTTPResponse(status: 200, body: Array(request.parameter("tree").utf8)))
        }
        router.add("POST", "/v1/trees/{tree}/calls") { request in
            .response(HTTPResponse(status: 201, body: Array(request.parameter("tree").utf8)))
        }
        return RequestPipeline(router: router, core: try! ContainmentService(configuration: ServiceConfiguration()).core)
    }()

    private func head(_ method: String, _ path: String, headers: HTTPHeaders = [:]) -> HTTPRequestHead {
        HTTPRequestHead(method: method, path: path, query: [], headers: headers)
    }

    @Test func headPassesItsRouteMatchOn() {
        let post = head("POST", "/v1/trees/demo/calls", headers: ["Content-Type": "application/json", "Content-Length": "2"])
        guard case .readBody(let match) = pipeline.answerEarly(post) else {
            Issue.record("expected the body to be read with a route match")
            return
        }
        #expect(match.route.template.description == "/v1/trees/{tree}/calls")
        #expect(match.parameters == ["tree": "demo"])
    }

    @Test func answerUsesTheHeadsMatchWithoutRoutingAgain() throws {
        guard case .readBody(let match) = pipeline.answerEarly(head("POST", "/v1/trees/carried/calls", headers: ["Content-Type": "application/json"])) else {
            Issue.record("expected the body to be read")
            return
        }
        // The path says GET /v1/trees/other; the carried match decides.
        let reply = pipeline.answer(HTTPRequest(head: head("GET", "/v1/trees/other"), body: []), match)
        guard case .response(let response) = reply, case .bytes(let body) = response.body else {
            Issue.record("expected a response")
            return
        }
        #expect(response.status == 201)
        #expect(body == Array("carried".utf8))
    }

    @Test func headAnswersUnroutableRequestsItself() {
        guard case .respond(let notFound) = pipeline.answerEarly(head("GET", "/nowhere")),
            case .respond(let notAllowed) = pipeline.answerEarly(head("DELETE", "/v1/trees/demo")),
            case .respond(let unsupported) = pipeline.answerEarly(
                head("POST", "/v1/trees/demo/calls", headers: ["Content-Type": "text/plain", "Content-Length": "2"]))
        else {
            Issue.record("expected answers from the head")
            return
        }
        #expect([notFound.status, notAllowed.status, unsupported.status] == [404, 405, 415])
    }
}
