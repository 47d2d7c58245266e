import CLibPQ
import Glibc

// One writer, as the journal has: each commit locks the batch's trees (the fence), inserts the
// batch's records in one multi-row statement and commits. `pipelined`: BEGIN and the fence in
// one round trip, the insert and COMMIT in a second (libpq's pipeline mode); otherwise each
// statement waits for its answer, as a client without pipelining does.
// Usage: commit-libpq CONNINFO BATCH SECONDS pipelined|sequential
let arguments = CommandLine.arguments
let batch = Int(arguments[2])!
let seconds = Double(arguments[3])!
let pipelined = arguments[4] == "pipelined"
guard let connection = PQconnectdb(arguments[1]), PQstatus(connection) == CONNECTION_OK else {
    fatalError("connect: \(String(cString: PQerrorMessage(nil)))")
}

func check(_ result: OpaquePointer?, _ what: String) {
    let status = PQresultStatus(result)
    guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK || status == PGRES_PIPELINE_SYNC else {
        fatalError("\(what): \(String(cString: PQresultErrorMessage(result)))")
    }
    PQclear(result)
}

let insertSQL =
    "INSERT INTO bench_journal (tree, version, mutation, checksum) VALUES "
    + (0..<batch).map { "($\($0 * 4 + 1), $\($0 * 4 + 2), $\($0 * 4 + 3), $\($0 * 4 + 4))" }.joined(separator: ", ")
check(PQprepare(connection, "insert", insertSQL, Int32(batch * 4), nil), "prepare insert")
check(
    PQprepare(connection, "fence", "SELECT tree FROM bench_owners WHERE instance = 1 AND tree = ANY($1::text[]) FOR UPDATE", 1, nil),
    "prepare fence")

let mutation = [UInt8](repeating: 0x61, count: 160)
// Versions start at this run's start in microseconds: above every earlier run's rows.
var versions = [Int](repeating: Int(clock_gettime_seconds_realtime() * 1e6), count: 64)

func clock_gettime_seconds_realtime() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
var latencies: [Double] = []
var usage = rusage()
getrusage(RUSAGE_SELF.rawValue, &usage)
let cpuBefore = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
let started = clock_gettime_seconds()

func clock_gettime_seconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// Sends a prepared statement with text parameters except the byte ones.
func send(_ name: String, _ parameters: [[UInt8]], binary: [Bool]) {
    let values = parameters.map { bytes -> UnsafeMutablePointer<CChar> in
        let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: max(bytes.count, 1))
        bytes.withUnsafeBytes { source in if let base = source.baseAddress { _ = memcpy(pointer, base, bytes.count) } }
        return pointer
    }
    defer { values.forEach { $0.deallocate() } }
    var pointers: [UnsafePointer<CChar>?] = values.map { UnsafePointer<CChar>($0) }
    var lengths = parameters.map { Int32($0.count) }
    var formats = binary.map { Int32($0 ? 1 : 0) }
    guard PQsendQueryPrepared(connection, name, Int32(parameters.count), &pointers, &lengths, &formats, 0) == 1 else {
        fatalError("send \(name): \(String(cString: PQerrorMessage(connection)))")
    }
}

/// A text parameter: libpq reads it up to its NUL.
func text(_ string: String) -> [UInt8] { Array(string.utf8) + [0] }

/// Reads the results of `statements` statements and the sync that ends them.
func readPipeline(_ statements: Int) {
    for _ in 0..<statements {
        check(PQgetResult(connection), "result")
        precondition(PQgetResult(connection) == nil)
    }
    check(PQgetResult(connection), "sync")
}

func exec(_ sql: String) { check(PQexec(connection, sql), sql) }

if pipelined { precondition(PQenterPipelineMode(connection) == 1) }
var commits = 0
while clock_gettime_seconds() - started < seconds {
    let begin = clock_gettime_seconds()
    var trees: [String] = []
    var rows: [[UInt8]] = []
    for record in 0..<batch {
        let tree = (commits * batch + record) % 64
        versions[tree] += 1
        trees.append("t\(tree)")
        rows += [text("t\(tree)"), text("\(versions[tree])"), mutation, text("\(versions[tree] &* 2_654_435_761 % 4_294_967_296)")]
    }
    let treeArray = text("{" + Set(trees).sorted().joined(separator: ",") + "}")
    let formats = (0..<batch).flatMap { _ in [false, false, true, false] }
    if pipelined {
        precondition(PQsendQueryParams(connection, "BEGIN", 0, nil, nil, nil, nil, 0) == 1)
        send("fence", [treeArray], binary: [false])
        precondition(PQpipelineSync(connection) == 1)
        readPipeline(2)
        send("insert", rows, binary: formats)
        precondition(PQsendQueryParams(connection, "COMMIT", 0, nil, nil, nil, nil, 0) == 1)
        precondition(PQpipelineSync(connection) == 1)
        readPipeline(2)
    } else {
        exec("BEGIN")
        send("fence", [treeArray], binary: [false])
        check(PQgetResult(connection), "fence")
        precondition(PQgetResult(connection) == nil)
        send("insert", rows, binary: formats)
        check(PQgetResult(connection), "insert")
        precondition(PQgetResult(connection) == nil)
        exec("COMMIT")
    }
    latencies.append(clock_gettime_seconds() - begin)
    commits += 1
}
let elapsed = clock_gettime_seconds() - started
getrusage(RUSAGE_SELF.rawValue, &usage)
let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6 - cpuBefore
latencies.sort()
print(
    "{\"client\": \"libpq-\(arguments[4])\", \"batch\": \(batch), \"commits_per_second\": \(Double(commits) / elapsed), "
        + "\"p50_ms\": \(latencies[latencies.count / 2] * 1000), \"p99_ms\": \(latencies[latencies.count * 99 / 100] * 1000), "
        + "\"cpu_us_per_commit\": \(cpu / Double(commits) * 1e6)}")
PQfinish(connection)
