import CSQLite

/// A Swift value a statement binds: text, an integer, a real or a blob; nil binds NULL.
protocol SQLiteValue {
    func bind(to statement: OpaquePointer, at index: Int32)
}

/// SQLite copies bound text and blobs at once (`SQLITE_TRANSIENT`), so the Swift buffers need
/// only live through the bind call.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

extension String: SQLiteValue {
    func bind(to statement: OpaquePointer, at index: Int32) { sqlite3_bind_text(statement, index, self, -1, transient) }
}

extension Int64: SQLiteValue {
    func bind(to statement: OpaquePointer, at index: Int32) { sqlite3_bind_int64(statement, index, self) }
}

extension Double: SQLiteValue {
    func bind(to statement: OpaquePointer, at index: Int32) { sqlite3_bind_double(statement, index, self) }
}

extension [UInt8]: SQLiteValue {
    func bind(to statement: OpaquePointer, at index: Int32) {
        withUnsafeBytes { buffer in
            // A zero-length blob still binds as a blob, not NULL.
            _ = sqlite3_bind_blob64(statement, index, buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1), UInt64(buffer.count), transient)
        }
    }
}

extension Optional: SQLiteValue where Wrapped: SQLiteValue {
    func bind(to statement: OpaquePointer, at index: Int32) {
        if let self {
            self.bind(to: statement, at: index)
        } else {
            sqlite3_bind_null(statement, index)
        }
    }
}
