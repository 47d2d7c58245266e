import Foundation
import Glibc
import PostgresTestSupport
import Testing

@testable import ContainmentPersistence
@testable import ContainmentService

/// What the shared store's URL and database say stays in the log, without credentials: the
/// executable logs only the URL's host, port and database, whatever form the password takes
/// in it, and a 503 shows a fixed detail, never the database's user, address or error text.
extension SharedStoreTests {
    /// `containment serve --state-url url`'s stderr, until it listens (then it is stopped) or
    /// exits; and whether it listened.
    static func serveLog(stateURL url: String) throws -> (log: String, listened: Bool) {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("containment")
        try #require(FileManager.default.isExecutableFile(atPath: executable.path), "build the executable first (swift build)")
        let process = Process()
        let errors = Pipe()
        process.executableURL = executable
        process.arguments = ["serve", "--port", "0", "--threads", "2", "--state-url", url]
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var log = ""
        var listened = false
        while true {
            let data = errors.fileHandleForReading.availableData
            if data.isEmpty { break }
            log += String(decoding: data, as: UTF8.self)
            if !listened, log.contains("containment listening") {
                listened = true
                kill(process.processIdentifier, SIGTERM)
            }
        }
        process.waitUntilExit()
        return (log, listened)
    }

    @Test func noFormOfThePasswordReachesTheLog() throws {
        let schema = try PostgresTestSchema()
        let secret = "pw" + String(UInt64.random(in: 0..<(1 << 60)), radix: 36)
        let scheme = schema.url.prefix { $0 != "@" }
        let rest = schema.url.drop { $0 != "@" }.dropFirst()
        // The test server trusts every login: each password is accepted, and none may show.
        let urls: [(String, listens: Bool)] = [
            (schema.url + "&password=\(secret)", true),
            ("\(scheme):\(secret)a@\(secret)b@\(rest)", true),
            ("\(scheme):\(secret)%zz@\(rest)", false),
            ("\(scheme):\(secret)@\(rest)&\(secret)", false),
            (schema.url + "&password=\(secret)&unknown=1", false),
        ]
        for (url, listens) in urls {
            let (log, listened) = try Self.serveLog(stateURL: url)
            #expect(listened == listens, "\(log)")
            #expect(!log.contains(secret), "\(log)")
            #expect(!log.contains("search_path"), "the query shows: \(log)")
        }
    }

    /// The database's refusals are logged; the answers say only that the store is unavailable
    /// (a takeover refused) or that the change was not committed (a commit refused).
    @Test func refusalsShowNoneOfTheDatabasesInternals() throws {
        let schema = try PostgresTestSchema()
        let owner = try Self.instance(schema)
        try owner.createTree("t", root: #"{"id": "root"}"#)
        let reader = try PostgresTestRole.readOnly(in: schema)
        let readOnly = try TestService { configuration in
            configuration.stateURL = reader.url
            configuration.leaseTiming = LeaseTiming(duration: .seconds(1), renewal: .milliseconds(300), margin: .milliseconds(100))
        }
        let takeover = try readOnly.request("PUT", "/v1/trees/fresh", json: #"{"root": {"id": "root"}}"#)
        #expect(takeover.status == 503)
        #expect(takeover.json["code"].string == "state_unavailable")
        #expect(takeover.json["detail"].string == "The shared state store is unavailable. Retry later.")

        try schema.execute("ALTER TABLE containment_journal ADD CONSTRAINT damaged CHECK (version < 0) NOT VALID")
        let commit = try owner.request("POST", "/v1/trees/t/controllers", json: #"{"id": "a"}"#)
        #expect(commit.status == 503)
        #expect(commit.json["code"].string == "state_not_durable")
        #expect(commit.json["changeOutcome"].string == "notApplied")
        for reply in [takeover, commit] {
            for leak in [reader.name, "127.0.0.1", "postgres", "ERROR", "permission", "containment_", "damaged", "violates"] {
                #expect(!reply.text.contains(leak), "\(reply.text)")
            }
        }
    }
}
