import MicroHTTPTestSupport
import Testing

/// `GET /v1/trees/{id}` answers gzip-coded to clients whose `Accept-Encoding` prefers it, once
/// the JSON is large enough to gain, with its own entity tag; the bytes decode to exactly the
/// identity body.
@Suite struct TreeGzipTests {
    /// Root and 20 children: about 4 KB of JSON, above the gzip threshold.
    private static let root = #"{"id": "root", "children": ["# + (0..<20).map { #"{"id": "c\#($0)"}"# }.joined(separator: ", ") + "]}"
    private static let gzip = [("Accept-Encoding", "gzip")]

    private func service(_ mode: TestService.Mode = .router, root: String? = Self.root) throws -> TestService {
        let service = try TestService(mode)
        try service.createTree("demo", root: root)
        return service
    }

    private func isGzip(_ reply: Reply) -> Bool { reply.header("Content-Encoding") == "gzip" }

    /// Whether `reply`'s body, gunzipped when coded, is `identity`'s byte for byte (a Bool, so a
    /// failure does not print kilobytes of bytes).
    private func carries(_ reply: Reply, _ identity: Reply) -> Bool {
        let body = isGzip(reply) ? gunzip(reply.body, expectedSize: identity.body.count) : reply.body
        return body == identity.body
    }

    @Test func gzipBodyDecodesToTheIdentityBodyByteForByte() throws {
        let service = try service()
        let identity = try service.request("GET", "/v1/trees/demo")
        let coded = try service.request("GET", "/v1/trees/demo", headers: Self.gzip)
        #expect(identity.status == 200 && coded.status == 200)
        #expect(identity.body.count > 1024)
        #expect(identity.header("Content-Encoding") == nil)
        #expect(isGzip(coded))
        #expect(coded.header("Content-Type") == "application/json")
        #expect(coded.body.count < identity.body.count / 4)
        #expect(carries(coded, identity))
        // Served again from the cache: the same bytes.
        let again = try service.request("GET", "/v1/trees/demo", headers: Self.gzip)
        let sameBytes = again.body == coded.body
        #expect(sameBytes)
    }

    @Test(
        arguments: [
            // (Accept-Encoding fields, whether the answer is gzip-coded)
            ([], false),
            ([""], false),
            (["gzip"], true),
            (["GZip"], true),
            (["x-gzip"], true),
            (["gzip, deflate, br"], true),
            (["br, deflate"], false),
            (["identity"], false),
            (["gzip;q=0"], false),
            (["gzip; q=0.000, identity"], false),
            (["*"], true),
            (["*;q=0"], false),
            (["*;q=0, identity"], false),
            (["deflate, *;q=0.5"], true),
            (["gzip;q=0.5, identity;q=1"], false),
            (["gzip;q=0.5, *"], false),
            (["gzip;q=0.5, identity;q=0.5"], true),
            (["gzip;q=0.001"], true),
            (["gzip;q=1.0"], true),
            (["gzip;q=2"], false),
            (["gzip;q=high"], false),
            (["br", "gzip"], true),
        ] as [([String], Bool)])
    func acceptEncodingChoosesTheCoding(fields: [String], coded: Bool) throws {
        let service = try service()
        let identity = try service.request("GET", "/v1/trees/demo")
        let reply = try service.request("GET", "/v1/trees/demo", headers: fields.map { ("Accept-Encoding", $0) })
        #expect(reply.status == 200)
        #expect(isGzip(reply) == coded)
        #expect(reply.header("Vary") == "Accept-Encoding")
        #expect(carries(reply, identity))
    }

    @Test func eachRepresentationHasItsOwnTagAndEach304s() throws {
        let service = try service()
        let identityTag = try #require(try service.request("GET", "/v1/trees/demo").header("ETag"))
        let gzipTag = try #require(try service.request("GET", "/v1/trees/demo", headers: Self.gzip).header("ETag"))
        #expect(identityTag != gzipTag)
        #expect(gzipTag.hasPrefix("\"") && gzipTag.hasSuffix("\""))

        let cases: [(accept: [(String, String)], ifNoneMatch: String, status: Int, tag: String)] = [
            ([], identityTag, 304, identityTag),
            (Self.gzip, gzipTag, 304, gzipTag),
            (Self.gzip, "W/\(gzipTag)", 304, gzipTag),
            ([], "\(gzipTag), \(identityTag)", 304, identityTag),
            (Self.gzip, "\(identityTag), \(gzipTag)", 304, gzipTag),
            // A tag names one representation: it does not match the other.
            (Self.gzip, identityTag, 200, gzipTag),
            ([], gzipTag, 200, identityTag),
        ]
        for (accept, ifNoneMatch, status, tag) in cases {
            let reply = try service.request("GET", "/v1/trees/demo", headers: accept + [("If-None-Match", ifNoneMatch)])
            #expect(reply.status == status, "\(accept) If-None-Match: \(ifNoneMatch)")
            #expect(reply.header("ETag") == tag)
            #expect(reply.header("Vary") == "Accept-Encoding")
            #expect(isGzip(reply) == (status == 200 && tag == gzipTag))
            #expect(reply.body.isEmpty == (status == 304))
        }
    }

    @Test func headAnswersLikeGetWithoutTheBody() throws {
        let service = try service(.live)
        let get = try service.request("GET", "/v1/trees/demo", headers: Self.gzip)
        let connection = try TestHTTPConnection(port: service.port)
        defer { connection.close() }
        try connection.sendRequest("HEAD", "/v1/trees/demo", headers: Self.gzip)
        let head = try connection.readResponse(forMethod: "HEAD")
        #expect(head.status == 200)
        #expect(head.header("Content-Encoding") == "gzip")
        #expect(head.header("Vary") == "Accept-Encoding")
        #expect(head.header("ETag") == get.header("ETag"))
        #expect(head.header("Content-Length") == String(get.body.count))
        // No body followed the head: the next response on the connection parses whole.
        let next = try connection.request("GET", "/v1/trees/demo", headers: Self.gzip)
        #expect(next.status == 200)
        let sameBytes = next.body == get.body
        #expect(sameBytes)
    }

    @Test func smallSnapshotsStayIdentityUnlessIdentityIsRefused() throws {
        // A window without controllers: one controller with its view is already over the threshold.
        let service = try service(root: nil)
        let identity = try service.request("GET", "/v1/trees/demo")
        #expect(identity.body.count < 1280)
        let small = try service.request("GET", "/v1/trees/demo", headers: Self.gzip)
        #expect(!isGzip(small))
        #expect(small.header("Vary") == "Accept-Encoding")
        #expect(small.header("ETag") == identity.header("ETag"))
        #expect(carries(small, identity))

        let onlyGzip = try service.request("GET", "/v1/trees/demo", headers: [("Accept-Encoding", "gzip, identity;q=0")])
        #expect(isGzip(onlyGzip))
        #expect(onlyGzip.header("ETag") != identity.header("ETag"))
        #expect(carries(onlyGzip, identity))
    }

    @Test func aChangeReplacesTheCachedGzipBody() throws {
        let service = try service()
        let before = try service.request("GET", "/v1/trees/demo", headers: Self.gzip)
        #expect(isGzip(before))
        let calls = try service.request(
            "POST", "/v1/trees/demo/calls", json: #"{"calls": [{"receiver": "c3", "method": "removeFromParent"}]}"#)
        #expect(calls.status == 200)

        let after = try service.request("GET", "/v1/trees/demo", headers: Self.gzip)
        #expect(isGzip(after))
        #expect(after.header("ETag") != before.header("ETag"))
        let identity = try service.request("GET", "/v1/trees/demo")
        #expect(identity.json["controllers"]["c3"]["parent"] == .null)
        #expect(carries(after, identity))
        #expect(try service.request("GET", "/v1/trees/demo", headers: Self.gzip + [("If-None-Match", before.header("ETag") ?? "")]).status == 200)
    }

    @Test func prettyAndTextStayIdentity() throws {
        let service = try service()
        for target in ["/v1/trees/demo?pretty", "/v1/trees/demo/hierarchy"] {
            let reply = try service.request("GET", target, headers: Self.gzip)
            #expect(reply.status == 200, "\(target)")
            #expect(!isGzip(reply), "\(target)")
            #expect(!reply.body.isEmpty)
        }
    }
}
