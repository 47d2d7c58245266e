import Foundation
import Glibc
import MicroHTTPTestSupport
import Synchronization
import Testing

/// SIGTERM under load drains like nginx's graceful quit: `/readyz` turns 503 first, the
/// listening socket closes (new clients are refused, nothing sent), every request already sent
/// is answered — its change, once durable, or a 503 before any change — with
/// `Connection: close`, and the process exits 0 with every acknowledged change kept.
@Suite struct GracefulDrainTests {
    /// What one writer saw.
    private struct Tally {
        var acknowledged: String?
        var answered = 0
        var refusedBeforeSending = 0
        var sentButUnanswered: [String] = []
    }

    /// PATCHes `tree`'s root title over kept-alive connections until the server is gone. Like a
    /// pooled HTTP client, it checks that a kept-alive connection is still open before reusing
    /// it: the drain closes connections idle since before it began, and a request sent into
    /// one as it closes never reached the server.
    private static func write(_ tree: String, port: Int, until stop: borrowing Atomic<Bool>) -> Tally {
        var tally = Tally()
        var connection: TestHTTPConnection?
        var round = 0
        while !stop.load(ordering: .relaxed) {
            if connection?.isClosedByServer == true {
                connection?.close()
                connection = nil
            }
            if connection == nil {
                do {
                    connection = try TestHTTPConnection(port: port, timeout: 10)
                } catch {
                    tally.refusedBeforeSending += 1
                    if tally.refusedBeforeSending > 20 { break }
                    usleep(10_000)
                    continue
                }
            }
            round += 1
            let title = "\(tree)-\(round)"
            do {
                let response = try connection!.request(
                    "PATCH", "/v1/trees/\(tree)/controllers/root", headers: [("Content-Type", "application/json")],
                    body: Array(#"{"title": "\#(title)"}"#.utf8))
                tally.answered += 1
                if response.status == 200 { tally.acknowledged = title }
                if response.header("Connection")?.lowercased() == "close" {
                    connection?.close()
                    connection = nil
                }
            } catch {
                tally.sentButUnanswered.append("\(title): \(error)")
                connection?.close()
                connection = nil
            }
        }
        connection?.close()
        return tally
    }

    @Test func sigtermUnderLoadAnswersEveryRequestSentAndKeepsEveryAcknowledgedChange() throws {
        let directory = StateDirectory()
        let server = try ServerProcess(arguments: ["--state-dir", directory.path])
        defer { server.killIfRunning() }
        let port = try server.waitForPort()
        let service = RemoteService(port: port)
        let trees = (0..<8).map { "w\($0)" }
        for tree in trees { try service.request("PUT", "/v1/trees/\(tree)", json: #"{"clock": "manual", "root": {"id": "root"}}"#) }
        let stop = Atomic<Bool>(false)
        let tallies = Mutex([String: Tally]())
        let group = DispatchGroup()
        // A thread each: the dispatch pool grows too slowly for eight blocking writers.
        for tree in trees {
            onThread(in: group) {
                let tally = Self.write(tree, port: port, until: stop)
                tallies.withLock { $0[tree] = tally }
            }
        }
        Thread.sleep(forTimeInterval: 1)
        kill(server.process.processIdentifier, SIGTERM)
        #expect(server.waitForExit(within: 10))
        stop.store(true, ordering: .relaxed)
        group.wait()
        #expect(server.process.terminationStatus == 0)
        let seen = tallies.withLock { $0 }
        #expect(seen.values.allSatisfy { $0.answered > 0 })
        #expect(seen.values.flatMap(\.sentButUnanswered).isEmpty, "\(seen.values.flatMap(\.sentButUnanswered))")

        let restarted = try ServerProcess(arguments: ["--state-dir", directory.path])
        defer { restarted.killIfRunning() }
        let again = RemoteService(port: try restarted.waitForPort())
        for tree in trees {
            let title = try again.request("GET", "/v1/trees/\(tree)").json["controllers"]["root"]["title"].string
            #expect(title == seen[tree]?.acknowledged, "tree \(tree)")
        }
    }

    /// With `--drain-delay`, `/readyz` is 503 at once after SIGTERM while requests are still
    /// served, so a proxy stops sending before the listener closes.
    @Test func readinessTurnsFirstAndRequestsAreServedThroughTheDrainDelay() throws {
        let server = try ServerProcess(arguments: ["--drain-delay", "1"])
        defer { server.killIfRunning() }
        let service = RemoteService(port: try server.waitForPort())
        try service.request("PUT", "/v1/trees/t", json: #"{"clock": "manual", "root": {"id": "root"}}"#)
        kill(server.process.processIdentifier, SIGTERM)
        Thread.sleep(forTimeInterval: 0.3)
        let readiness = try service.request("GET", "/readyz", mustSucceed: false)
        #expect(readiness.status == 503)
        #expect(readiness.json["code"].string == "shutting_down")
        #expect(try service.request("PATCH", "/v1/trees/t/controllers/root", json: #"{"title": "still served"}"#, mustSucceed: false).status == 200)
        #expect(try service.request("GET", "/healthz", mustSucceed: false).status == 200)
        #expect(server.waitForExit(within: 10))
        #expect(server.process.terminationStatus == 0)
    }
}
