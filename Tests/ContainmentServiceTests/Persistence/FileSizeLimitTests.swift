import Foundation
import Glibc
import Testing

/// A file-size limit (`LimitFSIZE`, `ulimit -f`) on the state directory's files: the write past
/// it raises SIGXFSZ, whose default action kills the process. The executable ignores it, so the
/// write fails like one on a full disk: the change is answered 503 `state_not_durable` and the
/// process keeps serving reads and probes.
@Suite struct FileSizeLimitTests {
    /// 1 MiB per file, with SIGXFSZ at its default action whatever this test process inherited
    /// (a child inherits an ignored signal): the server itself must choose to ignore it.
    private static let launcher = ["/usr/bin/env", "--default-signal=XFSZ", "/usr/bin/prlimit", "--fsize=\(1 << 20)", "--"]

    @Test func aWritePastTheFileSizeLimitIsA503NotADeath() throws {
        let directory = StateDirectory()
        let server = try ServerProcess(
            arguments: ["--state-dir", directory.path], launcher: Self.launcher)
        defer { server.killIfRunning() }
        let service = RemoteService(port: try server.waitForPort())
        try service.request("PUT", "/v1/trees/big", json: #"{"clock": "manual", "root": {"id": "root"}}"#)
        let value = String(repeating: "x", count: 14_000)
        let properties = (0..<20).map { #""p\#($0)": "\#(value)""# }.joined(separator: ", ")
        var refused: Reply?
        for round in 0..<40 where refused == nil {
            let reply = try service.request(
                "PATCH", "/v1/trees/big/controllers/root", json: #"{"title": "\#(round)", "properties": {\#(properties)}}"#, mustSucceed: false)
            if reply.status != 200 { refused = reply }
        }
        let answer = try #require(refused, "1 MiB of file-size limit never refused a write")
        #expect(answer.status == 503)
        #expect(answer.json["code"].string == "state_not_durable")
        #expect(server.process.isRunning)
        #expect(try service.request("GET", "/healthz").status == 200)
        #expect(try service.request("GET", "/readyz", mustSucceed: false).status == 503)
    }

    /// A creation whose own commit the limit refused never happened: its id answers 404 and the
    /// listing shows the trees that were created, not 503 for the page that would hold it.
    @Test func aCreationTheDiskRefusedLeavesNothing() throws {
        let directory = StateDirectory()
        let server = try ServerProcess(arguments: ["--state-dir", directory.path], launcher: Self.launcher)
        defer { server.killIfRunning() }
        let service = RemoteService(port: try server.waitForPort())
        let value = String(repeating: "x", count: 14_000)
        let properties = (0..<20).map { #""p\#($0)": "\#(value)""# }.joined(separator: ", ")
        var created: [String] = []
        var refused: (id: String, reply: Reply)?
        for round in 0..<40 where refused == nil {
            let id = "t\(round)"
            let reply = try service.request(
                "PUT", "/v1/trees/\(id)", json: #"{"clock": "manual", "root": {"id": "root", "properties": {\#(properties)}}}"#,
                mustSucceed: false)
            if reply.status == 201 { created.append(id) } else { refused = (id, reply) }
        }
        let (id, answer) = try #require(refused, "1 MiB of file-size limit never refused a creation")
        #expect(answer.status == 503)
        #expect(answer.json["code"].string == "state_not_durable")
        let read = try service.request("GET", "/v1/trees/\(id)", mustSucceed: false)
        #expect(read.status == 404)
        #expect(read.json["code"].string == "tree_not_found")
        let listing = try service.request("GET", "/v1/trees", mustSucceed: false)
        #expect(listing.status == 200)
        #expect(listing.json["trees"].array.compactMap { $0["id"].string } == created)
        let first = try #require(created.first, "the first creation was already refused")
        #expect(try service.request("GET", "/v1/trees/\(first)", mustSucceed: false).status == 200)
    }
}
