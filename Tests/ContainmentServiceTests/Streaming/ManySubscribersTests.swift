import Containment
import MicroHTTP
import MicroHTTPTestSupport
import Testing

@Suite struct ManySubscribersTests {
    /// A thousand streams on one tree, none holding a thread: every one gets every event of a
    /// mutation, in order, exactly once.
    @Test func thousandSubscribersEachReceiveEveryEvent() throws {
        // Two descriptors per connection in this process, while other suites hold theirs.
        let openFileLimit = OpenFileLimit.raise()
        try #require(openFileLimit >= 4_096, "an open-file limit of \(openFileLimit) is too low for this test")
        let service = try TestService()
        try service.createTree("crowd", root: #"{"id": "root"}"#)
        let created = try service.request("GET", "/v1/trees/crowd").json["lastSeq"].int ?? 0
        let streams = try (0..<1_000).map { index in
            try EventStreamClient(
                port: service.port, "/v1/trees/crowd/events?after=\(created)", format: index.isMultiple(of: 2) ? .sse : .ndjson)
        }
        #expect(streams.allSatisfy { $0.status == 200 })

        try service.request("POST", "/v1/trees/crowd/controllers", json: #"{"id": "map"}"#)
        let added = try service.request("POST", "/v1/trees/crowd/controllers/root/children", json: #"{"child": "map"}"#)
            .json["events"].array
        let lastSeq = try #require(added.last?["seq"].int)

        var complete = 0
        for stream in streams {
            let received = try stream.messages { $0.data["seq"].int == lastSeq }
            if received.map(\.data) == added { complete += 1 }
        }
        #expect(complete == streams.count)
    }
}
