/// A failure of libpq or of a statement; `sqlState` is PostgreSQL's error code when the server
/// answered one (`40P01`, `23505`…).
public enum PostgresError: Error, Equatable, Sendable, CustomStringConvertible {
    /// libpq itself cannot be loaded or is too old.
    case libraryMissing(String)
    /// The connection cannot be made, or broke: whatever was in flight is in doubt.
    case connection(String)
    /// The server refused a statement.
    case statement(sqlState: String, message: String)

    public var description: String {
        switch self {
        case .libraryMissing(let reason): reason
        case .connection(let message): "the connection to PostgreSQL failed: \(message)"
        case .statement(let sqlState, let message): "PostgreSQL refused a statement (\(sqlState)): \(message)"
        }
    }

    /// Whether nothing is known of the statement's fate: the connection broke under it.
    var isInDoubt: Bool {
        if case .connection = self { return true }
        return false
    }
}
