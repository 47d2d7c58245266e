import Dispatch
import Glibc
import Logging
import NIOCore
import PostgresNIO

// The same workload as commit-libpq, through postgres-nio: one connection, each statement
// awaited in turn (the library sends one query at a time). Driven from a plain thread that
// waits for each commit, as the journal's writer thread would.
// Usage: commit-nio HOST PORT USER DATABASE BATCH SECONDS
let arguments = CommandLine.arguments
let batch = Int(arguments[5])!
let seconds = Double(arguments[6])!
let logger = Logger(label: "bench")

/// Runs `body` to completion and waits for it on this (non-async) thread.
func blocking<Value: Sendable>(_ body: @escaping @Sendable () async throws -> Value) -> Value {
    nonisolated(unsafe) var outcome: Result<Value, any Error>?
    let done = DispatchSemaphore(value: 0)
    Task {
        do { outcome = .success(try await body()) } catch { outcome = .failure(error) }
        done.signal()
    }
    done.wait()
    switch outcome! {
    case .success(let value): return value
    case .failure(let error): fatalError("\(String(reflecting: error))")
    }
}

func seconds_now() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

let configuration = PostgresConnection.Configuration(
    host: arguments[1], port: Int(arguments[2])!, username: arguments[3], password: nil, database: arguments[4], tls: .disable)
let connection = blocking { try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger) }
let insertSQL =
    "INSERT INTO bench_journal (tree, version, mutation, checksum) VALUES "
    + (0..<batch).map { "($\($0 * 4 + 1), $\($0 * 4 + 2), $\($0 * 4 + 3), $\($0 * 4 + 4))" }.joined(separator: ", ")
let mutation = ByteBuffer(repeating: 0x61, count: 160)
// Versions start at this run's start in microseconds: above every earlier run's rows.
var now = timespec()
clock_gettime(CLOCK_REALTIME, &now)
var versions = [Int64](repeating: Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec / 1_000), count: 64)
var latencies: [Double] = []
var usage = rusage()
getrusage(RUSAGE_SELF.rawValue, &usage)
let cpuBefore = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
let started = seconds_now()
var commits = 0
while seconds_now() - started < seconds {
    let begin = seconds_now()
    var trees: [String] = []
    var binds = PostgresBindings(capacity: batch * 4)
    for record in 0..<batch {
        let tree = (commits * batch + record) % 64
        versions[tree] += 1
        trees.append("t\(tree)")
        binds.append("t\(tree)")
        binds.append(versions[tree])
        binds.append(mutation)
        binds.append(versions[tree] &* 2_654_435_761 % 4_294_967_296)
    }
    let fenced = Array(Set(trees)).sorted()
    let insert = PostgresQuery(unsafeSQL: insertSQL, binds: binds)
    blocking {
        try await connection.query("BEGIN", logger: logger)
        for try await _ in try await connection.query(
            "SELECT tree FROM bench_owners WHERE instance = 1 AND tree = ANY(\(fenced)::text[]) FOR UPDATE", logger: logger)
        {}
        try await connection.query(insert, logger: logger)
        try await connection.query("COMMIT", logger: logger)
    }
    latencies.append(seconds_now() - begin)
    commits += 1
}
let elapsed = seconds_now() - started
getrusage(RUSAGE_SELF.rawValue, &usage)
let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6 - cpuBefore
latencies.sort()
print(
    "{\"client\": \"postgres-nio\", \"batch\": \(batch), \"commits_per_second\": \(Double(commits) / elapsed), "
        + "\"p50_ms\": \(latencies[latencies.count / 2] * 1000), \"p99_ms\": \(latencies[latencies.count * 99 / 100] * 1000), "
        + "\"cpu_us_per_commit\": \(cpu / Double(commits) * 1e6)}")
blocking { try await connection.close() }
