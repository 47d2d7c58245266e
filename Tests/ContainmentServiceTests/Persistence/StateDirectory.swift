import CSQLite
import ContainmentService
import Foundation
import Testing

@testable import ContainmentPersistence

/// A state directory for one test, removed afterwards, and services started on it one after
/// the other as restarts would.
final class StateDirectory {
    let path: String

    init() {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("containment-state-\(UUID().uuidString)").path
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// A service on this directory (restored from it); drop it to shut it down.
    func service(
        _ mode: TestService.Mode = .live, _ configure: @escaping (inout ServiceConfiguration) -> Void = { _ in }
    ) throws -> TestService {
        try TestService(mode) { configuration in
            configuration.stateDirectory = path
            configure(&configuration)
        }
    }

    var databasePath: String { path + "/containment.sqlite" }

    /// Runs SQL on the database with SQLite directly (the service must be stopped).
    func sqlite(_ sql: String) throws {
        var handle: OpaquePointer?
        try #require(sqlite3_open(databasePath, &handle) == SQLITE_OK)
        defer { sqlite3_close(handle) }
        try #require(sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK, "\(String(cString: sqlite3_errmsg(handle)))")
    }

    /// Writes every journal row's checksum again, as after an edit that kept the records
    /// well-formed: what replay finds is then checked by replay alone.
    func resealJournal() throws {
        var handle: OpaquePointer?
        try #require(sqlite3_open(databasePath, &handle) == SQLITE_OK)
        defer { sqlite3_close(handle) }
        var rows: OpaquePointer?
        try #require(sqlite3_prepare_v2(handle, "SELECT seq, tree, version, time, mutation, digest, manual_time FROM journal", -1, &rows, nil) == SQLITE_OK)
        var checksums: [(seq: Int64, checksum: Int64)] = []
        while sqlite3_step(rows) == SQLITE_ROW {
            let mutation = Array(UnsafeRawBufferPointer(start: sqlite3_column_blob(rows, 4), count: Int(sqlite3_column_bytes(rows, 4))))
            let seq = sqlite3_column_int64(rows, 0)
            let checksum = RecordChecksum.entry(
                seq: seq, tree: String(cString: sqlite3_column_text(rows, 1)), version: sqlite3_column_int64(rows, 2),
                time: sqlite3_column_double(rows, 3), mutation: mutation, digest: sqlite3_column_int64(rows, 5),
                manualTime: sqlite3_column_double(rows, 6))
            checksums.append((seq, checksum))
        }
        sqlite3_finalize(rows)
        for (seq, checksum) in checksums { try sqlite("UPDATE journal SET checksum = \(checksum) WHERE seq = \(seq)") }
    }

    /// Changes one byte of `column` in the first row of `table`, as a flipped bit on disk would.
    func flipByte(in table: String, column: String, at offset: Int) throws {
        var handle: OpaquePointer?
        try #require(sqlite3_open(databasePath, &handle) == SQLITE_OK)
        defer { sqlite3_close(handle) }
        var read: OpaquePointer?
        try #require(sqlite3_prepare_v2(handle, "SELECT rowid, \(column) FROM \(table) LIMIT 1", -1, &read, nil) == SQLITE_OK)
        try #require(sqlite3_step(read) == SQLITE_ROW)
        let rowid = sqlite3_column_int64(read, 0)
        var bytes = Array(UnsafeRawBufferPointer(start: sqlite3_column_blob(read, 1), count: Int(sqlite3_column_bytes(read, 1))))
        sqlite3_finalize(read)
        try #require(bytes.count > offset)
        bytes[offset] ^= 0x01
        var write: OpaquePointer?
        try #require(sqlite3_prepare_v2(handle, "UPDATE \(table) SET \(column) = ? WHERE rowid = ?", -1, &write, nil) == SQLITE_OK)
        defer { sqlite3_finalize(write) }
        _ = bytes.withUnsafeBytes { sqlite3_bind_blob(write, 1, $0.baseAddress, Int32($0.count), nil) }
        sqlite3_bind_int64(write, 2, rowid)
        try #require(sqlite3_step(write) == SQLITE_DONE)
    }

    /// The journal rows a restore of `tree` reads: those after its creation and its latest
    /// snapshot (the rows before stay stored until dead rows outnumber live ones).
    func liveJournalEntries(_ tree: String) throws -> Int64 {
        try integer(
            """
            SELECT count(*) FROM journal j WHERE j.tree = '\(tree)' AND j.seq >= (SELECT seq FROM journal_starts WHERE tree = j.tree)
            """)
    }

    /// The single integer a query returns.
    func integer(_ sql: String) throws -> Int64 {
        var handle: OpaquePointer?
        try #require(sqlite3_open(databasePath, &handle) == SQLITE_OK)
        defer { sqlite3_close(handle) }
        var statement: OpaquePointer?
        try #require(sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK)
        defer { sqlite3_finalize(statement) }
        try #require(sqlite3_step(statement) == SQLITE_ROW)
        return sqlite3_column_int64(statement, 0)
    }
}

/// What a client can observe of one tree: its JSON, entity tag and retained events.
struct ObservedTree: Equatable {
    var body: String
    var entityTag: String?
    var events: String

    init(_ service: TestService, _ id: String, headers: [(String, String)] = []) throws {
        let tree = try service.request("GET", "/v1/trees/\(id)", headers: headers)
        try #require(tree.status == 200, "GET \(id): \(tree.text)")
        body = tree.text
        entityTag = tree.header("ETag")
        let page = try service.request("GET", "/v1/trees/\(id)/events?after=0&limit=1000", headers: headers)
        try #require(page.status == 200, "events of \(id): \(page.text)")
        events = page.text
    }
}
