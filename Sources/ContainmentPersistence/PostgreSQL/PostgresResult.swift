import CLibPQ
import Glibc

/// A statement's rows in binary form (every statement asks for binary results), read by column
/// type: `int8`, `float8`, `text`, `bytea`. Owns its `PGresult`.
final class PostgresResult {
    private let library: LibPQ
    private let handle: OpaquePointer

    init(_ library: LibPQ, _ handle: OpaquePointer) {
        self.library = library
        self.handle = handle
    }

    deinit { library.clear(handle) }

    var rowCount: Int { Int(library.ntuples(handle)) }

    func isNull(_ row: Int, _ column: Int) -> Bool { library.getisnull(handle, Int32(row), Int32(column)) == 1 }

    func bytes(_ row: Int, _ column: Int) -> [UInt8] {
        let length = Int(library.getlength(handle, Int32(row), Int32(column)))
        guard length > 0, let value = library.getvalue(handle, Int32(row), Int32(column)) else { return [] }
        return value.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
    }

    func text(_ row: Int, _ column: Int) -> String? {
        isNull(row, column) ? nil : String(decoding: bytes(row, column), as: UTF8.self)
    }

    /// An `int8` column (`bigint`): 8 bytes, big-endian.
    func int(_ row: Int, _ column: Int) -> Int64 {
        bytes(row, column).reduce(0) { $0 << 8 | Int64($1) }
    }

    func double(_ row: Int, _ column: Int) -> Double {
        Double(bitPattern: UInt64(bitPattern: int(row, column)))
    }

    func bool(_ row: Int, _ column: Int) -> Bool { bytes(row, column).first == 1 }
}
