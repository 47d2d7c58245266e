import Testing

@testable import ContainmentService

struct AccessTokensTests {

    private static func hex(_ token: String) -> String {
        SHA256.hash(Array(token.utf8)).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    @Test func parsesNamesRolesAndHashesSkippingCommentsAndBlankLines() throws {
        let text = "# team tokens\n\nalice user \(Self.hex("secret-a"))\r\n\tops  admin\t\(Self.hex("secret-b").uppercased())\n"
        let tokens = try AccessTokens(fileText: text)
        #expect(tokens.caller(forToken: "secret-a") == Caller(name: "alice", role: .user))
        #expect(tokens.caller(forToken: "secret-b") == Caller(name: "ops", role: .admin))
        #expect(tokens.caller(forToken: "secret-c") == nil)
        #expect(tokens.caller(forToken: "secret-") == nil)
    }

    @Test func readsTheBearerScheme() throws {
        let tokens = try AccessTokens(fileText: "alice user \(Self.hex("secret-a"))")
        #expect(tokens.caller(forAuthorization: "Bearer secret-a")?.name == "alice")
        #expect(tokens.caller(forAuthorization: "bearer  secret-a ")?.name == "alice", "scheme is case-insensitive")
        #expect(tokens.caller(forAuthorization: "Basic secret-a") == nil)
        #expect(tokens.caller(forAuthorization: "Bearer ") == nil)
        #expect(tokens.caller(forAuthorization: "secret-a") == nil)
        #expect(tokens.caller(forAuthorization: nil) == nil)
    }

    @Test(arguments: [
        ("alice user", 1), ("alice root \(String(repeating: "0", count: 64))", 1),
        ("# fine\nalice user abc", 2), ("alice user \(String(repeating: "g", count: 64))", 1),
        ("alice user \(String(repeating: "0", count: 64))\nalice admin \(String(repeating: "1", count: 64))", 2),
    ])
    func refusesBadLinesByNumber(text: String, line: Int) {
        #expect {
            try AccessTokens(fileText: text)
        } throws: { error in
            guard case .invalidLine(let number, _) = error as? AccessTokensError else { return false }
            return number == line
        }
    }

    /// One hash under two names would let the later line's role win for that token: a user's
    /// token silently made admin. Refused like a name given twice, naming both lines.
    @Test func refusesOneHashUnderTwoNames() {
        let hash = Self.hex("shared")
        #expect {
            try AccessTokens(fileText: "alice user \(hash)\n# ops\nops admin \(hash.uppercased())\n")
        } throws: { error in
            guard case .invalidLine(let number, let reason) = error as? AccessTokensError else { return false }
            return number == 3 && reason.contains("line 1")
        }
    }

    @Test func refusesAFileWithoutTokens() {
        #expect(throws: AccessTokensError.noTokens) { try AccessTokens(fileText: "# nobody\n\n") }
    }

    @Test func constantTimeComparisonComparesWholeArrays() {
        #expect(AccessTokens.constantTimeEqual([1, 2, 3], [1, 2, 3]))
        #expect(!AccessTokens.constantTimeEqual([1, 2, 3], [1, 2, 4]))
        #expect(!AccessTokens.constantTimeEqual([1, 2, 3], [1, 2]))
    }
}
