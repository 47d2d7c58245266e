import MicroHTTP
import Testing

@testable import ContainmentService

@Suite struct RouterTests {
    private func router() -> Router {
        var router = Router()
        router.add("GET", "/v1/trees/{tree}") { _ in .response(HTTPResponse(status: 200)) }
        router.add("DELETE", "/v1/trees/{tree}") { _ in .response(HTTPResponse(status: 204)) }
        router.add("POST", "/v1/trees/{tree}/controllers/{parent}/children") { _ in .response(HTTPResponse(status: 201)) }
        return router
    }

    @Test func bindsPathParameters() throws {
        guard case .found(let route, let parameters) = router().match(method: "POST", path: "/v1/trees/demo/controllers/root/children")
        else {
            Issue.record("expected a match")
            return
        }
        #expect(route.template.description == "/v1/trees/{tree}/controllers/{parent}/children")
        #expect(parameters == ["tree": "demo", "parent": "root"])
    }

    @Test func knownPathWithOtherMethodListsAllowedMethods() {
        guard case .methodNotAllowed(let template, let allowed) = router().match(method: "PUT", path: "/v1/trees/demo") else {
            Issue.record("expected 405")
            return
        }
        #expect(template.description == "/v1/trees/{tree}")
        #expect(allowed == ["GET", "HEAD", "DELETE", "OPTIONS"])
    }

    @Test func optionsOnAKnownPathListsWhatItAllows() {
        guard case .options(let template, let allowed) = router().match(method: "OPTIONS", path: "/v1/trees/demo") else {
            Issue.record("expected the path's options")
            return
        }
        #expect(template.description == "/v1/trees/{tree}")
        #expect(allowed == ["GET", "HEAD", "DELETE", "OPTIONS"])
        #expect(router().methods == ["GET", "HEAD", "POST", "DELETE"])
    }

    @Test(arguments: ["/v1/trees", "/v1/trees/", "/v1/trees/demo/", "/v2/trees/demo", "", "/v1/trees//controllers/root/children"])
    func unknownPathsAreNotFound(path: String) {
        guard case .notFound = router().match(method: "GET", path: path) else {
            Issue.record("expected 404 for \(path)")
            return
        }
    }

    @Test func headIsServedByGet() {
        guard case .found(let route, _) = router().match(method: "HEAD", path: "/v1/trees/demo") else {
            Issue.record("expected a match")
            return
        }
        #expect(route.method == "GET")
    }
}
