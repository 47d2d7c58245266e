import CSQLite
import ContainmentPersistence
import Glibc
import Testing

@Suite struct SQLiteStoreTests {
    static func header(_ id: String, incarnation: UInt64 = 1) -> StoredTreeHeader {
        StoredTreeHeader(
            id: id, clock: "manual", owner: "alice", ownerTokenHash: String(repeating: "ab", count: 32), incarnation: incarnation,
            creation: Array(#"{"spec":{}}"#.utf8))
    }

    static func entry(_ tree: String, version: UInt64) -> JournalEntry {
        JournalEntry(
            tree: tree, time: 1_767_225_600.25 + Double(version), mutation: Array("m\(version)".utf8), digest: UInt64.max - version,
            version: version, manualTime: 1_767_225_600.5)
    }

    @Test func aFileThatIsNotADatabaseIsRefusedAndLeftAsItWas() throws {
        let directory = TemporaryDirectory()
        let garbage = Array(repeating: Array("not a database, just text\n".utf8), count: 200).flatMap { $0 }
        directory.write(garbage, to: directory.databasePath)
        #expect {
            _ = try SQLiteStore(directory: directory.path, synchronous: .normal)
        } throws: { error in
            guard case .notAStateDatabase(let path, _) = error as? StateStoreError else { return false }
            return path == directory.databasePath
        }
        #expect(directory.read(directory.databasePath) == garbage)
    }

    @Test func anotherApplicationsDatabaseIsRefusedAndLeftAsItWas() throws {
        let directory = TemporaryDirectory()
        try Self.sqlite(directory.databasePath, "CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('keep me');")
        let before = directory.read(directory.databasePath)
        #expect {
            _ = try SQLiteStore(directory: directory.path, synchronous: .normal)
        } throws: { error in
            if case .notAStateDatabase = error as? StateStoreError { return true }
            return false
        }
        #expect(directory.read(directory.databasePath) == before)
    }

    @Test func aDatabaseOfAnotherSchemaVersionIsRefused() throws {
        let directory = TemporaryDirectory()
        try SQLiteStore(directory: directory.path, synchronous: .normal).close()
        try Self.sqlite(directory.databasePath, "PRAGMA user_version = 99;")
        #expect(throws: StateStoreError.wrongSchemaVersion(path: directory.databasePath, found: 99, expected: SQLiteStore.schemaVersion)) {
            _ = try SQLiteStore(directory: directory.path, synchronous: .normal)
        }
    }

    @Test func aDamagedDatabaseFailsTheIntegrityCheckAndIsLeftAsItWas() throws {
        let directory = TemporaryDirectory()
        let store = try SQLiteStore(directory: directory.path, synchronous: .full)
        try store.commit([.createTree(Self.header("a"))] + (2...3_000).map { .mutation(Self.entry("a", version: UInt64($0))) })
        store.close()
        // Checkpointed into the main file (the WAL goes on close); then pages in the middle
        // overwritten, as a torn disk write would leave them.
        var bytes = directory.read(directory.databasePath)
        try #require(bytes.count > 40_000)
        for index in 12_288..<20_480 { bytes[index] = UInt8(truncatingIfNeeded: index &* 31) }
        directory.write(bytes, to: directory.databasePath)
        #expect {
            _ = try SQLiteStore(directory: directory.path, synchronous: .normal)
        } throws: { error in
            switch error as? StateStoreError {
            case .integrityCheckFailed, .notAStateDatabase: true
            default: false
            }
        }
        #expect(directory.read(directory.databasePath) == bytes)
    }

    @Test func aStateDirectoryThatIsAFileIsRefused() throws {
        let directory = TemporaryDirectory()
        let path = directory.path + "/plain-file"
        directory.write(Array("x".utf8), to: path)
        #expect(throws: StateStoreError.unreadable(path: path, reason: "not a directory")) {
            _ = try SQLiteStore(directory: path, synchronous: .normal)
        }
    }

    @Test func aMissingStateDirectoryIsCreated() throws {
        let directory = TemporaryDirectory()
        let store = try SQLiteStore(directory: directory.path + "/state", synchronous: .normal)
        #expect(try store.loadTrees().isEmpty)
        store.close()
    }

    @Test func aSecondStoreOnAHeldDirectoryIsRefused() throws {
        let directory = TemporaryDirectory()
        let first = try SQLiteStore(directory: directory.path, synchronous: .normal)
        try first.commit([.createTree(Self.header("a"))])
        #expect {
            _ = try SQLiteStore(directory: directory.path, synchronous: .normal)
        } throws: { error in
            guard case .unreadable(_, let reason) = error as? StateStoreError else { return false }
            return reason.contains("another process")
        }
        first.close()
        let second = try SQLiteStore(directory: directory.path, synchronous: .normal)
        #expect(try second.loadTrees().count == 1)
        second.close()
    }

    /// A write-ahead log holding commits, beside a database that is missing or empty (a backup
    /// that copied only the log, a failed `cp`): opening it would start an empty database and
    /// reset the log. The start is refused naming both files, and both are left as they were.
    @Test(arguments: [false, true])
    func aLogBesideAMissingOrEmptyDatabaseIsRefusedAndLeftAlone(emptyDatabase: Bool) throws {
        let directory = TemporaryDirectory()
        let log = directory.databasePath + "-wal"
        let store = try SQLiteStore(directory: directory.path, synchronous: .normal)
        try store.commit([.createTree(Self.header("a"))] + (2...50).map { .mutation(Self.entry("a", version: UInt64($0))) })
        let committed = directory.read(log)
        store.close()
        try #require(committed.count > 4_096, "the open store's log holds the commits")
        unlink(directory.databasePath)
        if emptyDatabase { directory.write([], to: directory.databasePath) }
        directory.write(committed, to: log)
        #expect {
            _ = try SQLiteStore(directory: directory.path, synchronous: .normal)
        } throws: { error in
            let text = "\(error)"
            return text.contains(log) && text.contains(directory.databasePath) && text.contains(emptyDatabase ? "empty" : "missing")
        }
        #expect(directory.read(log) == committed)
        #expect(access(directory.databasePath, F_OK) == (emptyDatabase ? 0 : -1))
        if emptyDatabase { #expect(directory.read(directory.databasePath).isEmpty) }
    }

    /// Runs SQL on `path` with SQLite directly, as another program would.
    static func sqlite(_ path: String, _ sql: String) throws {
        var handle: OpaquePointer?
        try #require(sqlite3_open(path, &handle) == SQLITE_OK)
        defer { sqlite3_close(handle) }
        try #require(sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK)
    }
}
