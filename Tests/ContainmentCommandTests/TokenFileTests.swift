import ArgumentParser
import Glibc
import Testing

@testable import ContainmentCommand

/// `serve --auth-token-file`: a readable, well-formed file turns access control on; anything
/// else stops the command with a message naming the file (and the line).
@Suite struct TokenFileTests {
    private static func temporaryFile(_ text: String) throws -> String {
        var template = Array("/tmp/containment-tokens-XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        try #require(descriptor >= 0)
        _ = text.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, text.utf8.count) }
        close(descriptor)
        return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    @Test func wellFormedFileIsRead() throws {
        let path = try Self.temporaryFile("alice user \(String(repeating: "ab", count: 32))\n")
        defer { unlink(path) }
        #expect(throws: Never.self) { try Serve.accessTokens(from: path) }
    }

    @Test func malformedFileStopsWithItsLine() throws {
        let path = try Self.temporaryFile("# ok\nalice superuser \(String(repeating: "ab", count: 32))\n")
        defer { unlink(path) }
        #expect {
            try Serve.accessTokens(from: path)
        } throws: { error in
            String(describing: error).contains("line 2: role must be user or admin")
        }
    }

    @Test func missingFileStops() {
        #expect {
            try Serve.accessTokens(from: "/nonexistent/containment-tokens")
        } throws: { error in
            String(describing: error).contains("cannot read the token file /nonexistent/containment-tokens")
        }
    }
}
