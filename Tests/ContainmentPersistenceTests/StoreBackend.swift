import ContainmentPersistence
import PostgresTestSupport
import Testing

/// The two stores behind `JournalStore`, for the tests every store must pass. PostgreSQL's
/// cases run when a test server is there (scripts/test-postgres starts one).
enum StoreBackend: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite
    case postgres

    static var available: [StoreBackend] { PostgresTestSchema.isAvailable ? allCases : [.sqlite] }

    var testDescription: String { rawValue }

    /// A fresh, empty place to store into, and a way to open stores on it.
    func place() throws -> StorePlace {
        switch self {
        case .sqlite: StorePlace(directory: TemporaryDirectory())
        case .postgres: StorePlace(schema: try PostgresTestSchema())
        }
    }
}

/// Where a test's stores keep their trees: a directory or a PostgreSQL schema, gone with it.
final class StorePlace {
    let directory: TemporaryDirectory?
    let schema: PostgresTestSchema?

    init(directory: TemporaryDirectory? = nil, schema: PostgresTestSchema? = nil) {
        self.directory = directory
        self.schema = schema
    }

    /// A store on this place (SQLite with `normal` synchronous); PostgreSQL's is a new instance
    /// each time, which holds no tree until it creates or takes one.
    func open() throws -> any JournalStore {
        if let schema { return try PostgresStore(url: schema.url, instanceName: "test") }
        return try SQLiteStore(directory: directory!.path, synchronous: .normal)
    }

    /// Changes stored bytes behind the store's back: `sqlite` for SQLite, `postgres` for
    /// PostgreSQL (its tables are named `containment_…`).
    func tamper(sqlite: String, postgres: String) throws {
        if let schema { return try schema.execute(postgres) }
        try SQLiteStoreTests.sqlite(directory!.databasePath, sqlite)
    }
}
