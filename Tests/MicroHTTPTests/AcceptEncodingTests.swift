import MicroHTTP
import Testing

/// `Accept-Encoding` weights as RFC 9110 §12.5.3 defines them.
@Suite struct AcceptEncodingTests {
    private func accepted(_ fields: String...) -> HTTPAcceptEncoding? {
        var headers = HTTPHeaders()
        for field in fields { headers.add(name: "Accept-Encoding", value: field) }
        headers.add(name: "Accept", value: "application/json")
        return HTTPAcceptEncoding(headers)
    }

    @Test func noFieldIsNil() {
        #expect(HTTPAcceptEncoding(["Accept": "*/*"]) == nil)
    }

    @Test func listedCodingsTakeTheirWeightCaseInsensitively() throws {
        let accept = try #require(accepted("GZIP;Q=0.8, br ; q=0.25 ,deflate"))
        #expect(accept.weight(of: "gzip") == 800)
        #expect(accept.weight(of: "Br") == 250)
        #expect(accept.weight(of: "deflate") == 1000)
        #expect(accept.weight(of: "zstd") == 0)
        #expect(accept.weight(of: "identity") == 1000)
    }

    @Test func starCoversWhatIsNotListed() throws {
        let accept = try #require(accepted("br;q=0, *;q=0.5"))
        #expect(accept.weight(of: "br") == 0)
        #expect(accept.weight(of: "gzip") == 500)
        #expect(accept.weight(of: "identity") == 500)
    }

    @Test func identityIsRefusedOnlyExplicitly() throws {
        #expect(try #require(accepted("")).weight(of: "identity") == 1000)
        #expect(try #require(accepted("")).weight(of: "gzip") == 0)
        #expect(try #require(accepted("identity;q=0")).weight(of: "identity") == 0)
        #expect(try #require(accepted("*;q=0")).weight(of: "identity") == 0)
    }

    @Test func whitespaceAndOtherParametersAreAllowed() throws {
        let accept = try #require(accepted(" ,gzip ; level=9 ;\tQ = 0.25 ,, br;q=0. ,deflate;q=1.,"))
        #expect(accept.weight(of: "gzip") == 250)
        #expect(accept.weight(of: "br") == 0)
        #expect(accept.weight(of: "deflate") == 1000)
    }

    @Test func theFirstEntryOfACodingCounts() throws {
        #expect(try #require(accepted("gzip;q=0.1, gzip")).weight(of: "gzip") == 100)
    }

    @Test func xGzipIsGzip() throws {
        #expect(try #require(accepted("x-gzip;q=0.3")).weight(of: "gzip") == 300)
    }

    @Test func severalFieldsAreOneList() throws {
        let accept = try #require(accepted("br", "gzip;q=0.7"))
        #expect(accept.weight(of: "br") == 1000)
        #expect(accept.weight(of: "gzip") == 700)
    }

    @Test(arguments: ["gzip;q=1.5", "gzip;q=0.1234", "gzip;q=", "gzip;q=.5", "gzip;q=-0", "gzip;q=1.001", "gzip;q=x;q=1", "gzip junk"])
    func malformedWeightsDropTheirMember(field: String) throws {
        let accept = try #require(accepted(field + ", br"))
        #expect(accept.weight(of: "gzip") == 0)
        #expect(accept.weight(of: "br") == 1000)
    }

    @Test(
        arguments: [
            ("gzip", .coded),
            ("gzip;q=0.5, identity;q=0.5", .coded),
            ("gzip;q=0.4, identity;q=0.5", .identity),
            ("gzip;q=0, identity;q=0", .identity),
            ("deflate", .identity),
            // An identity the client did not weight does not outrank what it listed.
            ("gzip;q=0.2", .coded),
            ("gzip;q=0.2, *", .identity),
            ("gzip, identity;q=0", .codedOnly),
            ("*;q=0, gzip", .codedOnly),
            ("*;q=0, gzip, identity", .coded),
            ("*", .coded),
        ] as [(String, HTTPAcceptEncoding.Preference)])
    func preferenceWeighsTheCodingAgainstIdentity(field: String, expected: HTTPAcceptEncoding.Preference) throws {
        #expect(try #require(accepted(field)).preference(for: "gzip") == expected)
    }
}
