@testable import ContainmentPersistence

/// A database of its own in the test server, with ICU's collation for `icuLocale` (as an
/// operator's database in `en_US` has), dropped when this goes away.
public final class PostgresTestDatabase: @unchecked Sendable {
    public let name: String
    /// The server's URL naming this database.
    public let url: String
    private let server: String

    /// Creates the database; throws when there is no test server.
    public init(icuLocale: String) throws {
        guard let server = PostgresTestSchema.serverURL else { throw PostgresError.connection("CONTAINMENT_TEST_POSTGRES_URL is not set") }
        self.server = server
        name = "d" + String(UInt64.random(in: 0..<(1 << 60)), radix: 36)
        let path = server.prefix { $0 != "?" }
        url = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]) + "/" + name + server.dropFirst(path.count)
        try Self.execute(
            "CREATE DATABASE \(name) TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE \(PostgresValue.literal(icuLocale))", on: server)
    }

    deinit { try? Self.execute("DROP DATABASE \(name) WITH (FORCE)", on: server) }

    private static func execute(_ sql: String, on url: String) throws {
        let connection = try PostgresConnection(url: url)
        defer { connection.close() }
        try connection.execute(sql)
    }
}
