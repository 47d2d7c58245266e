import Testing

@testable import MicroHTTP

/// The head fields read on every request, byte by byte: `Content-Length` lists, `Host` names
/// with and without a port, HTTP's optional whitespace.
@Suite struct FramingFieldsTests {
    @Test(arguments: [
        ("5", false), ("5, 5", false), (" 5 ,5\t", false), ("5,6", true), ("5,", true), (",5", true), ("5,,5", true),
        // Longer than a small string's 15 bytes.
        ("12345678901234567890 , 12345678901234567890", false), ("12345678901234567890,12345678901234567891", true),
    ])
    func contentLengthListsAreReadValueByValue(value: String, isAmbiguous: Bool) {
        let fields = FramingFields(["Host": "localhost", "Content-Length": value])
        #expect(fields.isAmbiguous == isAmbiguous, "Content-Length: \(value)")
    }

    @Test(arguments: [("\t a b \t", "a b"), ("a", "a"), ("   ", ""), ("", ""), (" é ", "é"), ("\t", "")])
    func whitespaceIsTrimmedAtBothEnds(text: String, trimmed: String) {
        #expect(text.trimmingASCIIWhitespace() == trimmed)
        #expect(Substring(text).trimmingASCIIWhitespace() == trimmed)
    }

    @Test(arguments: [
        ("localhost:8080", true), ("[::1]", true), ("[::1]:80", true), (" LocalHost ", true), ("::1", false),
        ("[::1", false), ("localhost:80:80", false), ("evil.example:80", false),
    ])
    func hostNamesAreMatchedWithoutTheirPort(host: String, isAllowed: Bool) {
        let allowList = HostAllowList(["localhost", "[::1]"])
        #expect(allowList.allows(host) == isAllowed, "Host: \(host)")
    }
}
