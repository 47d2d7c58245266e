import Containment
import MicroHTTPTestSupport
import Testing

@Suite struct SlowConsumerTests {
    /// One batch larger than MicroHTTP's backlog bound reaches a client that reads; once the
    /// client stops reading, its unsent output passes the bound and it is disconnected instead
    /// of growing memory; it resumes with `Last-Event-ID` and loses nothing retained.
    @Test func streamOverItsBacklogIsDroppedAndResumesWithLastEventID() throws {
        let service = try TestService { $0.http.maxStreamBacklog = 32 * 1024 }
        let created = try service.createTree("demo", root: #"{"id": "root"}"#).json["events"].array
        let stream = try EventStreamClient(port: service.port, "/v1/trees/demo/events", receiveBuffer: 4_096)
        #expect(try stream.messages { $0.data == created.last }.count == created.count)

        // One batch larger than the bound, to a client that reads: delivered, not dropped.
        let big = try patchWithLargeProperties(service, filler: "x")
        #expect(try stream.messages { $0.data == big.last }.map(\.data) == big)
        let lastSeen = try #require(big.last?["seq"].int)

        // The client stops reading, and the server's socket holds little of what it leaves
        // unread: after a few large batches the server's own backlog passes the bound.
        #expect(shrinkServerSendBuffer(port: service.port, of: stream.connection))
        // Batches that reach the fan-out together go out as one write (which alone is never cut
        // off), so patch until the stream is gone (bounded), pausing between patches.
        var later: [JSONValue] = []
        for index in 0..<50 where try openStreams(service) > 0 {
            later += try patchWithLargeProperties(service, filler: "y\(index)")
            usleep(20_000)
        }
        #expect(try openStreams(service) == 0)
        #expect(stream.connection.waitForClose())

        let resumed = try EventStreamClient(
            port: service.port, "/v1/trees/demo/events", headers: [("Last-Event-ID", String(lastSeen))])
        let replay = try resumed.messages { $0.data == later.last }
        #expect(replay.map(\.data) == later)
    }

    /// `containment_event_streams` from `/metrics`.
    private func openStreams(_ service: TestService) throws -> Int {
        let metrics = try service.request("GET", "/metrics").text
        let line = metrics.split(separator: "\n").first { $0.hasPrefix("containment_event_streams ") }
        return Int(Double(line?.split(separator: " ").last ?? "") ?? -1)
    }

    /// Sets four properties of 14,000 characters (each within its 16 KiB cap, together well
    /// over the 32 KiB bound); returns the events.
    private func patchWithLargeProperties(_ service: TestService, filler: String) throws -> [JSONValue] {
        let blob = String(repeating: filler, count: 14_000 / filler.count)
        let properties = (0..<4).map { #""blob\#($0)": "\#(blob)""# }.joined(separator: ", ")
        let patched = try service.request("PATCH", "/v1/trees/demo/controllers/root", json: #"{"properties": {\#(properties)}}"#)
        try #require(patched.status == 200, "\(patched.text)")
        return patched.json["events"].array
    }
}

#if canImport(Glibc)
import Glibc
#endif
