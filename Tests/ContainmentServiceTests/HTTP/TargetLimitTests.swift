import MicroHTTP
import MicroHTTPTestSupport
import Testing

/// Targets a proxy or libmicrohttpd cannot carry: a query of hundreds of parameters gets a 414
/// problem rather than a closed connection, and the tree ids `.` and `..`, which dot-segment
/// removal makes unreachable, are refused at creation.
@Suite struct TargetLimitTests {
    @Test(arguments: [250, 2_000])
    func hundredsOfQueryParametersAre414Problems(parameters: Int) throws {
        let service = try TestService()
        let connection = try TestHTTPConnection(port: service.port, timeout: 5)
        defer { connection.close() }
        // Within the 8 KiB a target may have: the parameters' count alone is refused.
        let query = Array(repeating: "a=1", count: parameters).joined(separator: "&")
        let reply = try connection.request("GET", "/v1/trees?\(query)")
        #expect(reply.status == 414)
        #expect(reply.header("Content-Type") == "application/problem+json")
        #expect(reply.text.contains(#""code":"target_too_long""#), "\(reply.text)")
        #expect(try service.request("GET", "/healthz").status == 200)
    }

    @Test(arguments: [".", ".."])
    func dotSegmentTreeIdsAreRefused(id: String) throws {
        let service = try TestService()
        let created = try service.request("POST", "/v1/trees", json: #"{"id": "\#(id)", "root": {"id": "root"}}"#)
        #expect(created.status == 400)
        #expect(created.json["field"].string == "id")
        #expect(created.json["code"].string == "invalid_argument")
        let put = try service.request("PUT", "/v1/trees/\(id)", json: #"{"root": {"id": "root"}}"#)
        #expect(put.status != 201 && put.status != 200, "\(put.status) \(put.text)")
        #expect(try service.request("GET", "/v1/trees").json["trees"].array.isEmpty, "no tree was made")
        // Dots inside an id stay allowed.
        #expect(try service.createTree("...", root: #"{"id": "root"}"#).status == 201)
        #expect(try service.createTree(".a.", root: #"{"id": "root"}"#).status == 201)
    }
}
