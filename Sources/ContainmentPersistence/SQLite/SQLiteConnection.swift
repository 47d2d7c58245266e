import CSQLite

/// One SQLite connection. Not thread-safe: the store hands it to one committer at a time.
/// It owns the statements it prepared through `statement(_:)` and finalizes them when it
/// closes, as GRDB's statement cache does: no statement outlives its connection.
final class SQLiteConnection {
    let handle: OpaquePointer
    let path: String
    private var statements: [String: SQLiteStatement] = [:]

    /// Opens `path` read-write, creating it when `create`; fails with SQLite's message.
    init(path: String, create: Bool) throws(StateStoreError) {
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            if let handle { sqlite3_close_v2(handle) }
            throw .unreadable(path: path, reason: message)
        }
        self.handle = handle
        self.path = path
        sqlite3_extended_result_codes(handle, 1)
    }

    private(set) var isClosed = false

    deinit { close() }

    /// Finalizes the cached statements and closes the connection, releasing its locks.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        statements = [:]
        sqlite3_close_v2(handle)
    }

    /// Runs `body` in one transaction: committed if it returns, rolled back if it throws.
    func transaction<Result>(_ body: () throws(SQLiteError) -> Result) throws(SQLiteError) -> Result {
        try statement("BEGIN IMMEDIATE").run()
        do {
            let result = try body()
            try statement("COMMIT").run()
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Runs statements that return no rows.
    func execute(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_free(message)
            throw SQLiteError(code: code, message: text)
        }
    }

    /// The statement of `sql`, prepared on first use and kept until the connection closes.
    func statement(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        if let statement = statements[sql] { return statement }
        let statement = try prepare(sql)
        statements[sql] = statement
        return statement
    }

    /// A statement prepared for one use (a query at start-up, a migration step).
    func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else { throw error(code) }
        return SQLiteStatement(statement, connection: self)
    }

    /// The single value of a one-row, one-column query (a PRAGMA's answer).
    func integer(_ sql: String) throws(SQLiteError) -> Int64 {
        let statement = try prepare(sql)
        guard try statement.step() else { throw SQLiteError(code: SQLITE_ERROR, message: "\(sql) returned no row") }
        return statement.integer(0)
    }

    func text(_ sql: String) throws(SQLiteError) -> String {
        let statement = try prepare(sql)
        guard try statement.step() else { throw SQLiteError(code: SQLITE_ERROR, message: "\(sql) returned no row") }
        return statement.text(0) ?? ""
    }

    /// Rows the last statement inserted, changed or deleted.
    var changes: Int { Int(sqlite3_changes64(handle)) }

    func error(_ code: Int32) -> SQLiteError {
        SQLiteError(code: code, message: String(cString: sqlite3_errmsg(handle)))
    }
}

/// A failed SQLite call: its (extended) result code and message.
struct SQLiteError: Error, CustomStringConvertible {
    let code: Int32
    let message: String

    /// The primary result code (`SQLITE_NOTADB`, `SQLITE_BUSY`, ...) without its extension.
    var primaryCode: Int32 { code & 0xff }

    var description: String { "\(message) (SQLite code \(code))" }
}
