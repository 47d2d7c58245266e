@testable import ContainmentPersistence

/// A login role of its own in the test server, granted only what `grants` say on a test
/// schema's tables (an operator's user without write privileges), dropped when this goes away.
public final class PostgresTestRole: @unchecked Sendable {
    public let name: String
    /// The schema's URL, logging in as this role.
    public let url: String
    private let schema: PostgresTestSchema

    /// `grants`: statements run after the role is created, `ROLE` standing for its name.
    public init(in schema: PostgresTestSchema, grants: [String]) throws {
        self.schema = schema
        name = "r" + String(UInt64.random(in: 0..<(1 << 60)), radix: 36)
        let schemeEnd = try require(schema.url.firstRange(of: "://")).upperBound
        let at = try require(schema.url[schemeEnd...].firstIndex(of: "@"))
        url = String(schema.url[..<schemeEnd]) + name + String(schema.url[at...])
        try schema.execute("CREATE ROLE \(name) LOGIN; GRANT USAGE ON SCHEMA \(schema.name) TO \(name)")
        for grant in grants { try schema.execute(grant.replacing("ROLE", with: name)) }
    }

    /// A role that may read every table and keep its instance's lease, but write no tree: a
    /// database user the operator forgot to grant writes to.
    public static func readOnly(in schema: PostgresTestSchema) throws -> PostgresTestRole {
        try PostgresTestRole(
            in: schema,
            grants: [
                "GRANT SELECT ON ALL TABLES IN SCHEMA \(schema.name) TO ROLE",
                "GRANT INSERT, UPDATE, DELETE ON \(schema.name).containment_instances TO ROLE",
                "GRANT USAGE ON ALL SEQUENCES IN SCHEMA \(schema.name) TO ROLE",
            ])
    }

    deinit { try? schema.execute("DROP OWNED BY \(name); DROP ROLE \(name)") }
}

/// `#require` without Testing (this target has none): throws when `value` is nil.
private func require<Value>(_ value: Value?) throws -> Value {
    guard let value else { throw PostgresError.connection("the test server's URL has no user part") }
    return value
}
