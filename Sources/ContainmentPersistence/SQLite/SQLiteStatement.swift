import CSQLite

/// A prepared statement, reset and reused between rows. Its connection finalizes it when it
/// closes (`SQLiteConnection.statement(_:)`); one made with `prepare` goes with its last use.
final class SQLiteStatement {
    private let statement: OpaquePointer
    private unowned let connection: SQLiteConnection

    init(_ statement: OpaquePointer, connection: SQLiteConnection) {
        self.statement = statement
        self.connection = connection
    }

    deinit { sqlite3_finalize(statement) }

    /// Binds `values` to the parameters in order, from the first.
    func bind<each Value: SQLiteValue>(_ values: repeat each Value) {
        var index: Int32 = 1
        for value in repeat each values {
            value.bind(to: statement, at: index)
            index += 1
        }
    }

    /// Runs one step: true when a row is ready to read, false when done.
    func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(statement)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw connection.error(code)
        }
    }

    /// Runs a statement that returns no rows with `values` bound, then readies it for the next.
    func run<each Value: SQLiteValue>(_ values: repeat each Value) throws(SQLiteError) {
        bind(repeat each values)
        defer { reset() }
        _ = try step()
    }

    func reset() {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
    }

    func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

    func double(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }

    func text(_ column: Int32) -> String? {
        guard let pointer = sqlite3_column_text(statement, column) else { return nil }
        return String(cString: pointer)
    }

    func blob(_ column: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(statement, column))
        guard count > 0, let pointer = sqlite3_column_blob(statement, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }
}
