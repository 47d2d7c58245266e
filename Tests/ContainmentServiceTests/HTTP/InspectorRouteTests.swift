import Testing

/// `GET /` serves the inspector page with its headers: type, policy, tag, caching and gzip.
@Suite struct InspectorRouteTests {
    @Test func servesThePageWithItsHeaders() throws {
        let service = try TestService(.router)
        let reply = try service.request("GET", "/")
        #expect(reply.status == 200)
        #expect(reply.header("Content-Type") == "text/html; charset=utf-8")
        let policy = try #require(reply.header("Content-Security-Policy"))
        #expect(policy.contains("default-src 'none'") && policy.contains("script-src 'sha256-") && policy.contains("connect-src 'self'"))
        #expect(reply.header("ETag")?.hasPrefix(#""inspector-"#) == true)
        #expect(reply.header("Cache-Control") == "no-cache")
        #expect(reply.header("Vary") == "Accept-Encoding")
        #expect(reply.header("Content-Encoding") == nil)
        #expect(reply.text.hasPrefix("<!doctype html>"))
        #expect(reply.text.contains("<title>Containment inspector</title>"))
        // A budget, so each form's growth is a decision (benchmarks/notes.md, "Inspector page size").
        #expect(reply.body.count < 100_000, "the page stays small: \(reply.body.count) bytes")
    }

    @Test func gzipWhenAcceptedDecodesToThePage() throws {
        let service = try TestService(.router)
        let identity = try service.request("GET", "/")
        let coded = try service.request("GET", "/", headers: [("Accept-Encoding", "gzip, deflate, br")])
        #expect(coded.status == 200)
        #expect(coded.header("Content-Encoding") == "gzip")
        #expect(coded.header("Content-Type") == "text/html; charset=utf-8")
        #expect(coded.header("ETag") != identity.header("ETag"), "each representation has its own strong tag")
        #expect(coded.body.count < identity.body.count / 2)
        #expect(gunzip(coded.body, expectedSize: identity.body.count) == identity.body)
    }

    @Test func revalidatesByEntityTag() throws {
        let service = try TestService(.router)
        let first = try service.request("GET", "/")
        let tag = try #require(first.header("ETag"))
        let again = try service.request("GET", "/", headers: [("If-None-Match", tag)])
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
        #expect(again.header("ETag") == tag)
        let other = try service.request("GET", "/", headers: [("If-None-Match", #""inspector-0""#)])
        #expect(other.status == 200)
    }

    @Test func otherMethodsAre405() throws {
        let service = try TestService(.router)
        let reply = try service.request("POST", "/", json: "{}")
        #expect(reply.status == 405)
        #expect(reply.header("Allow") == "GET, HEAD, OPTIONS")
    }

    /// With access control on the page is still served: it holds no data, and asks for a token.
    @Test func servedWithoutATokenWhenAccessControlIsOn() throws {
        let service = try AccessControlTests.service()
        let page = try service.request("GET", "/")
        #expect(page.status == 200)
        #expect(page.header("Content-Type") == "text/html; charset=utf-8")
        #expect(try service.request("GET", "/v1/trees").status == 401, "the data stays behind the token")
    }
}
