import CSQLite
import ContainmentService
import Foundation
import Testing

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
