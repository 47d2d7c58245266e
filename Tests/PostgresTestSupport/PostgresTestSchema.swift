import Glibc

@testable import ContainmentPersistence

/// A schema of its own in the test server (`CONTAINMENT_TEST_POSTGRES_URL`, which
/// scripts/test-postgres sets after starting a throwaway PostgreSQL), dropped with everything
/// in it when this goes away: tests run side by side without seeing each other's trees.
public final class PostgresTestSchema: @unchecked Sendable {
    /// The server's URL, nil when no test server runs (the PostgreSQL cases are left out then).
    public static var serverURL: String? {
        guard let value = getenv("CONTAINMENT_TEST_POSTGRES_URL") else { return nil }
        let url = String(cString: value)
        return url.isEmpty ? nil : url
    }

    public static var isAvailable: Bool { serverURL != nil }

    public let name: String
    /// The server's URL with this schema first on its `search_path`.
    public let url: String
    private let server: String

    /// Creates the schema; throws (naming the server) when there is no test server.
    public init() throws {
        guard let server = Self.serverURL else { throw PostgresError.connection("CONTAINMENT_TEST_POSTGRES_URL is not set") }
        self.server = server
        name = "t" + String(UInt64.random(in: 0..<(1 << 60)), radix: 36)
        url = server + (server.contains("?") ? "&" : "?") + "options=-csearch_path%3D" + name
        try execute("CREATE SCHEMA \(name)", onServer: true)
    }

    deinit { try? execute("SET client_min_messages = warning; DROP SCHEMA \(name) CASCADE", onServer: true) }

    /// Runs `sql` in the schema, as another program would (to change stored bytes, to end a
    /// lease early).
    public func execute(_ sql: String) throws { try execute(sql, onServer: false) }

    /// The first column of the first row of `sql`, as text.
    public func value(_ sql: String) throws -> String? {
        let connection = try PostgresConnection(url: url)
        defer { connection.close() }
        let rows = try connection.query(sql)
        return rows.rowCount == 0 ? nil : rows.text(0, 0)
    }

    private func execute(_ sql: String, onServer: Bool) throws {
        let connection = try PostgresConnection(url: onServer ? server : url)
        defer { connection.close() }
        try connection.execute(sql)
    }
}
