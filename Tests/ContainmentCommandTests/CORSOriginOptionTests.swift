import ArgumentParser
import Testing

@testable import ContainmentCommand

/// `--cors-origin` (repeatable) wins over `CONTAINMENT_CORS_ORIGINS` (comma-separated); each
/// must be an origin or `*`; neither leaves CORS off.
@Suite struct CORSOriginOptionTests {
    private func origins(_ arguments: [String], variable: String?) throws -> [String] {
        let serve = try Serve.parse(arguments)
        return try serve.corsOrigins(Environment { $0 == "CONTAINMENT_CORS_ORIGINS" ? variable : nil })
    }

    @Test func offByDefault() throws {
        #expect(try origins([], variable: nil) == [])
    }

    @Test func flagsWinOverTheVariable() throws {
        let flags = ["--cors-origin", "http://127.0.0.1:3000", "--cors-origin", "https://app.example"]
        #expect(try origins(flags, variable: "*") == ["http://127.0.0.1:3000", "https://app.example"])
    }

    @Test func variableIsCommaSeparated() throws {
        #expect(try origins([], variable: " http://a.test:1 ,https://b.test,") == ["http://a.test:1", "https://b.test"])
    }

    @Test func anythingButAnOriginIsRefused() {
        #expect(throws: ValidationError.self) { try origins(["--cors-origin", "http://a.test/path"], variable: nil) }
        #expect(throws: ValidationError.self) { try origins([], variable: "a.test") }
    }
}
