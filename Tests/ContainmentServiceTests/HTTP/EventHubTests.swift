import Containment
import Testing

@Suite struct EventHubTests {
    /// Every mutation's events reach the streams, in seq order, and are exactly what the
    /// responses returned; a deleted tree's `treeDeleted` follows its teardown.
    @Test func streamsSeeWhatResponsesReturn() throws {
        let service = try TestService()
        let stream = try EventStreamClient(port: service.port, "/v1/events", format: .ndjson)
        var returned = try service.createTree("demo", root: #"{"id": "root"}"#).json["events"].array
        try service.request("POST", "/v1/trees/demo/controllers", json: #"{"id": "map"}"#)
        returned += try service.request("POST", "/v1/trees/demo/controllers/root/children", json: #"{"child": "map"}"#).json["events"].array
        returned += try service.request("DELETE", "/v1/trees/demo").json["events"].array
        try service.request("POST", "/v1/trees/demo/calls", json: #"{"calls": []}"#)

        let seen = try stream.messages { $0.event == "treeDeleted" }
        #expect(seen.last?.event == "treeDeleted")
        let events = seen.dropLast()
        #expect(events.allSatisfy { $0.data["tree"].string == "demo" })
        #expect(events.map { $0.data["seq"].int } == returned.map { $0["seq"].int })
    }
}
