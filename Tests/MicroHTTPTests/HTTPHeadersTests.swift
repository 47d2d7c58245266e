import Testing

@testable import MicroHTTP

@Suite struct HTTPHeadersTests {
    @Test func namesCompareIgnoringASCIICaseOnly() {
        let headers: HTTPHeaders = ["Content-Type": "application/json", "X-Ünïcode": "1", "a@b": "at", "Content-Length": "2"]
        #expect(headers["content-type"] == "application/json")
        #expect(headers["CONTENT-TYPE"] == "application/json")
        #expect(headers["Content-Length"] == "2")
        #expect(headers["Content-Typ"] == nil)
        #expect(headers["Content-Typex"] == nil)
        // Only letters fold: `@` and a backquote differ by the case bit but are not letters.
        #expect(headers["a`b"] == nil)
        #expect(headers["A@B"] == "at")
        #expect(headers["x-Ünïcode"] == "1")
        #expect(headers["x-üNïcode"] == nil, "non-ASCII letters compare exactly")
    }

    @Test func firstOfRepeatedNamesWins() {
        var headers = HTTPHeaders()
        headers.add(name: "Accept", value: "first")
        headers.add(name: "accept", value: "second")
        #expect(headers["ACCEPT"] == "first")
    }

    @Test func commonFieldTextIsTheSameTextAsDecoding() {
        for text in [
            "GET", "POST", "Host", "Content-Type", "content-type", "application/json", "application/jsonx", "", "PUTS", "Ünï", "Accept-Encoding",
            "accept-encoding", "identity", "Identity", "gzip, deflate", "gzip, deflatx",
        ] {
            let bytes = Array(text.utf8)
            let made = bytes.withUnsafeBufferPointer { CommonFieldText.string($0) }
            #expect(made == text)
            #expect(Array(made.utf8) == bytes)
            let fromC = text.withCString { CommonFieldText.string(cString: $0) }
            #expect(fromC == text)
        }
    }
}
