import MicroHTTPTestSupport
import Testing

/// The documents clients fetch again and again — the contract, the metrics, the inspector page
/// and a tree's JSON — come gzip-coded when asked, tagged per coding, and answer a matching
/// `If-None-Match` with a 304 whose framing says nothing the 200 would contradict.
@Suite struct ConditionalDocumentTests {
    private static let gzip = [("Accept-Encoding", "gzip")]

    private static func service() throws -> TestService {
        let service = try TestService()
        try service.createTree("demo", root: #"{"id": "root", "children": ["# + (0..<20).map { #"{"id": "c\#($0)"}"# }.joined(separator: ", ") + "]}")
        return service
    }

    @Test(arguments: ["/openapi.yaml", "/metrics", "/", "/v1/trees/demo"])
    func gzipWhenAskedTaggedPerCodingAnd304(path: String) throws {
        let service = try Self.service()
        let identity = try service.request("GET", path)
        let coded = try service.request("GET", path, headers: Self.gzip)
        #expect(identity.status == 200 && coded.status == 200)
        #expect(identity.header("Content-Encoding") == nil)
        #expect(coded.header("Content-Encoding") == "gzip")
        #expect(identity.header("Vary")?.contains("Accept-Encoding") == true)
        #expect(coded.header("Vary")?.contains("Accept-Encoding") == true)
        let plainTag = try #require(identity.header("ETag"))
        let codedTag = try #require(coded.header("ETag"))
        #expect(plainTag != codedTag, "a strong tag names one representation")
        let inflated = try #require(gunzip(coded.body, expectedSize: identity.body.count * 2))
        if path != "/metrics" { #expect(inflated == identity.body) }  // the metrics count the requests themselves

        // Every scrape counts the one before it, so the metrics never repeat a tag.
        guard path != "/metrics" else { return }
        for (headers, tag, length) in [([], plainTag, identity.body.count), (Self.gzip, codedTag, coded.body.count)] {
            let again = try service.request("GET", path, headers: headers + [("If-None-Match", tag)])
            #expect(again.status == 304, "\(path) \(tag)")
            #expect(again.header("ETag") == tag)
            #expect(again.body.isEmpty)
            // RFC 9110 §8.6: a 304's Content-Length, if any, is the 200's.
            #expect(again.header("Content-Length").map { Int($0) == length } ?? true, "\(path): \(again.header("Content-Length") ?? "-") vs \(length)")
        }
    }

}
