import MicroHTTPTestSupport
import Testing

/// How request targets and connections are read: escaped unreserved characters are the same
/// path; a handler's refusal keeps the connection, an answer from the head alone closes it.
@Suite struct RequestTargetTests {
    @Test func escapedUnreservedCharactersNameTheSameResource() throws {
        let service = try TestService(.router)
        try service.createTree("demo-1.a_b", root: #"{"id": "root"}"#)
        for path in ["/v1/trees/de%6Do-1.a_b", "/v1/trees/demo%2D1%2Ea%5Fb", "/v1/trees/demo-1.a_b/controllers/%72oot", "/v1/%74rees"] {
            let reply = try service.request("GET", path)
            #expect(reply.status == 200, "\(path): \(reply.text)")
        }
        // Reserved characters stay escaped: `%2F` is not a segment separator.
        #expect(try service.request("GET", "/v1/trees/demo-1.a_b%2Fcontrollers").status == 404)
    }

    @Test func refusalsAfterTheWholeRequestKeepTheConnection() throws {
        let service = try TestService()
        let connection = try TestHTTPConnection(port: service.port)
        defer { connection.close() }
        let missing = try connection.request("GET", "/v1/trees/missing")
        #expect(missing.status == 404)
        #expect(missing.header("Connection") == nil)
        let malformed = try connection.request(
            "POST", "/v1/trees", headers: [("Content-Type", "application/json")], body: Array("{bad".utf8))
        #expect(malformed.status == 400)
        #expect(malformed.header("Connection") == nil)
        #expect(try connection.request("GET", "/healthz").status == 200, "the same connection still serves")
    }

    @Test(
        arguments: [
            ("POST", "/v1/nothing", "application/json", 404),
            ("GET", "/v1/nothing", nil, 404),
            ("POST", "/v1/trees", "text/plain", 415),
            ("DELETE", "/v1/events", "application/json", 405),
            ("PUT", "/v1/trees", nil, 405),
        ] as [(String, String, String?, Int)])
    func answersFromTheHeadAloneCloseTheConnection(method: String, path: String, type: String?, status: Int) throws {
        let service = try TestService()
        let connection = try TestHTTPConnection(port: service.port)
        defer { connection.close() }
        let reply = try connection.request(
            method, path, headers: type.map { [("Content-Type", $0)] } ?? [], body: type == nil ? [] : Array("{}".utf8))
        #expect(reply.status == status)
        #expect(reply.header("Connection")?.lowercased() == "close")
        #expect(reply.header("Content-Type") == "application/problem+json")
    }
}
