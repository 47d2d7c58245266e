import Containment
import Testing

@Suite struct SlowConsumerTests {
    /// A stream whose unsent output passes MicroHTTP's backlog bound is disconnected instead of
    /// growing memory; the client resumes with `Last-Event-ID` and loses nothing retained.
    @Test func streamOverItsBacklogIsDroppedAndResumesWithLastEventID() throws {
        let service = try TestService { $0.http.maxStreamBacklog = 32 * 1024 }
        let created = try service.createTree("demo", root: #"{"id": "root"}"#).json["events"].array
        let lastSeen = try #require(created.last?["seq"].int)
        let stream = try EventStreamClient(port: service.port, "/v1/trees/demo/events")
        #expect(try stream.messages { $0.data == created.last }.count == created.count)

        // One batch larger than the bound: more pending than allowed at once (each property
        // value within its 16 KiB cap, four of them well over the 32 KiB bound).
        let blob = String(repeating: "x", count: 15_000)
        let properties = (0..<4).map { #""blob\#($0)": "\#(blob)""# }.joined(separator: ", ")
        let patched = try service.request("PATCH", "/v1/trees/demo/controllers/root", json: #"{"properties": {\#(properties)}}"#)
        try #require(patched.status == 200, "\(patched.text)")
        let big = patched.json["events"].array
        #expect(stream.connection.waitForClose())

        let resumed = try EventStreamClient(
            port: service.port, "/v1/trees/demo/events", headers: [("Last-Event-ID", String(lastSeen))])
        let replay = try resumed.messages { $0.data == big.last }
        #expect(replay.map(\.data) == big)
        #expect(replay.contains { $0.data["args"]["new"].string == blob })
    }
}
