import CLibPQ
import Glibc

/// One libpq connection, blocking, used by one thread at a time. Statements go out in pipeline
/// mode (libpq ≥ 14): a group commit's statements are sent together and their results read
/// together, one round trip instead of one per statement. Statements marked `prepared` are
/// parsed once per connection and kept by their SQL text.
final class PostgresConnection {
    /// A statement and its parameters; `prepared` ones are parsed once per connection.
    struct Statement {
        let sql: String
        let parameters: [PostgresValue]
        var prepared = false
    }

    let library: LibPQ
    private let handle: OpaquePointer
    /// SQL text → the name it was prepared under on this connection.
    private var preparedNames: [String: String] = [:]
    private var statementsPrepared = 0
    private var isClosed = false
    /// A pipeline's statements are read back after every this many, so that neither side's
    /// socket buffer can fill while the other waits (libpq's pipeline-mode advice).
    static let statementsPerSync = 256

    /// Connects to `url`; libpq gets its parsed parts, never its text.
    init(url: PostgresURL) throws(PostgresError) {
        library = try LibPQ.shared.get()
        guard let handle = library.connectdb(url.connectionString) else { throw .connection("out of memory") }
        guard library.status(handle) == CONNECTION_OK else {
            let message = url.scrubbed(Self.trimmed(library.errorMessage(handle)))
            library.finish(handle)
            throw .connection(message)
        }
        self.handle = handle
    }

    /// Connects to a `postgresql://` URL (tests and their tools).
    convenience init(url: String) throws(PostgresError) {
        let parsed: PostgresURL
        do {
            parsed = try PostgresURL(url)
        } catch {
            throw .connection(error.description)
        }
        try self.init(url: parsed)
    }

    deinit { close() }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        library.finish(handle)
    }

    /// Whether the connection failed; a broken one is replaced, never reused.
    var isBroken: Bool { isClosed || library.status(handle) != CONNECTION_OK }

    /// The socket to wait on for notifications.
    var socket: Int32 { library.socket(handle) }

    /// Runs statements without parameters (schema changes, `LISTEN`).
    func execute(_ sql: String) throws(PostgresError) {
        guard let result = library.exec(handle, sql) else { throw .connection(Self.trimmed(library.errorMessage(handle))) }
        defer { library.clear(result) }
        let status = library.resultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else { throw failure(of: result) }
    }

    /// One statement; its rows, or the server's refusal.
    func query(_ sql: String, _ parameters: [PostgresValue] = [], prepared: Bool = false) throws(PostgresError) -> PostgresResult {
        try pipeline([Statement(sql: sql, parameters: parameters, prepared: prepared)])[0].get()
    }

    /// Sends `statements` in pipeline mode and reads each one's outcome, in order. After a
    /// statement fails, the server skips the rest up to the next sync (they come back as that
    /// failure). Throws only when the connection fails: then nothing is known of any of them.
    func pipeline(_ statements: [Statement]) throws(PostgresError) -> [Result<PostgresResult, PostgresError>] {
        guard !isBroken else { throw .connection("the connection is closed") }
        guard library.enterPipelineMode(handle) == 1 else { throw .connection(Self.trimmed(library.errorMessage(handle))) }
        var outcomes: [Result<PostgresResult, PostgresError>] = []
        outcomes.reserveCapacity(statements.count)
        var start = 0
        while start < statements.count {
            let chunk = statements[start..<min(start + Self.statementsPerSync, statements.count)]
            var preparing: [Bool] = []
            for statement in chunk { preparing.append(try send(statement)) }
            guard library.pipelineSync(handle) == 1 else { throw brokenPipeline() }
            var failed: PostgresError?
            for (statement, prepares) in zip(chunk, preparing) {
                if prepares, case .failure(let error) = try readResult() {
                    preparedNames[statement.sql] = nil
                    failed = failed ?? error
                }
                let outcome = try readResult()
                if case .failure(let error) = outcome, failed == nil { failed = error }
                outcomes.append(failed.map { .failure($0) } ?? outcome)
            }
            guard let sync = library.getResult(handle) else { throw brokenPipeline() }
            library.clear(sync)
            start += chunk.count
        }
        _ = library.exitPipelineMode(handle)
        return outcomes
    }

    /// Notifications that arrived (read from the socket without waiting), in order.
    func notifications() throws(PostgresError) -> [(channel: String, payload: String)] {
        guard library.consumeInput(handle) == 1 else { throw .connection(Self.trimmed(library.errorMessage(handle))) }
        var received: [(channel: String, payload: String)] = []
        while let notify = library.notifies(handle) {
            received.append((String(cString: notify.pointee.relname), notify.pointee.extra.map { String(cString: $0) } ?? ""))
            library.freemem(notify)
        }
        return received
    }

    /// Queues one statement; true when its preparation was queued before it (a result of its own).
    private func send(_ statement: Statement) throws(PostgresError) -> Bool {
        let parameters = statement.parameters
        let types = parameters.map(\.type)
        let formats = [Int32](repeating: 1, count: parameters.count)  // every value in binary
        let values = parameters.map(\.bytes)
        let lengths = values.map { Int32($0?.count ?? 0) }
        var prepares = false
        var name: String?
        if statement.prepared {
            if let known = preparedNames[statement.sql] {
                name = known
            } else {
                statementsPrepared += 1
                let fresh = "s\(statementsPrepared)"
                guard library.sendPrepare(handle, fresh, statement.sql, Int32(types.count), types) == 1 else { throw brokenPipeline() }
                preparedNames[statement.sql] = fresh
                name = fresh
                prepares = true
            }
        }
        let sent = Self.withPointers(values) { pointers in
            if let name {
                library.sendQueryPrepared(handle, name, Int32(values.count), pointers, lengths, formats, 1)
            } else {
                library.sendQueryParams(handle, statement.sql, Int32(values.count), types, pointers, lengths, formats, 1)
            }
        }
        guard sent == 1 else { throw brokenPipeline() }
        return prepares
    }

    /// The next statement's result (and the NULL that ends it).
    private func readResult() throws(PostgresError) -> Result<PostgresResult, PostgresError> {
        guard let result = library.getResult(handle) else { throw brokenPipeline() }
        while let extra = library.getResult(handle) { library.clear(extra) }
        switch library.resultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK:
            return .success(PostgresResult(library, result))
        case PGRES_PIPELINE_ABORTED:
            library.clear(result)
            return .failure(.statement(sqlState: "", message: "skipped after an earlier statement failed"))
        default:
            let error = failure(of: result)
            library.clear(result)
            if isBroken { throw error }
            return .failure(error)
        }
    }

    private func failure(of result: OpaquePointer) -> PostgresError {
        let sqlState = library.resultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) } ?? ""
        let message = Self.trimmed(library.resultErrorMessage(result))
        return isBroken || sqlState.isEmpty ? .connection(message) : .statement(sqlState: sqlState, message: message)
    }

    private func brokenPipeline() -> PostgresError {
        let message = Self.trimmed(library.errorMessage(handle))
        // Nothing more can be read in order: the connection is given up.
        close()
        return .connection(message.isEmpty ? "the pipeline broke" : message)
    }

    private static func withPointers<Result>(
        _ values: [[UInt8]?], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Result
    ) -> Result {
        let buffers = values.map { bytes -> UnsafeMutableRawBufferPointer? in
            guard let bytes else { return nil }
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 1)
            buffer.copyBytes(from: bytes)
            return buffer
        }
        defer { buffers.forEach { $0?.deallocate() } }
        let pointers = buffers.map { $0.map { UnsafePointer($0.baseAddress!.assumingMemoryBound(to: CChar.self)) } }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    static func trimmed(_ message: UnsafeMutablePointer<CChar>?) -> String {
        guard let message else { return "" }
        var text = String(cString: message)
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return text
    }
}
