import Containment
import Testing

@Suite struct EventPageTests {
    @Test func pagesEventsAfterASequenceNumber() throws {
        let service = try TestService(.router)
        let created = try service.createTree("demo", root: #"{"id": "root", "children": [{"id": "map"}]}"#)
        let all = try service.request("GET", "/v1/trees/demo/events")
        #expect(all.status == 200)
        #expect(all.json["events"] == created.json["events"], "the log holds exactly what the responses returned")
        #expect(all.json["lastSeq"].int == 16)
        #expect(all.json["oldestSeq"].int == 1)

        let page = try service.request("GET", "/v1/trees/demo/events?after=10&limit=3")
        #expect(page.json["events"].array.compactMap { $0["seq"].int } == [11, 12, 13])
        #expect(try service.request("GET", "/v1/trees/demo/events?after=16").json["events"] == .array([]))
    }

    @Test func everyMutationsEventsAppearInTheLogInOrder() throws {
        let service = try TestService(.router)
        var returned: [JSONValueBox] = []
        returned += try service.createTree("demo", root: #"{"id": "root"}"#).json["events"].array.map(JSONValueBox.init)
        returned += try service.request("POST", "/v1/trees/demo/controllers", json: #"{"id": "map"}"#).json["events"].array.map(JSONValueBox.init)
        returned += try service.request("POST", "/v1/trees/demo/controllers/root/children", json: #"{"child": "map"}"#).json["events"].array.map(
            JSONValueBox.init)
        returned += try service.request("DELETE", "/v1/trees/demo/controllers/root/children/map").json["events"].array.map(JSONValueBox.init)
        let log = try service.request("GET", "/v1/trees/demo/events?limit=1000").json["events"].array.map(JSONValueBox.init)
        #expect(log == returned)
        #expect(log.map(\.value).compactMap { $0["seq"].int } == Array(1...log.count))
    }

    @Test(arguments: ["after=-1", "after=x", "limit=0", "limit=1001", "limit=abc"])
    func invalidQueryIsA400(query: String) throws {
        let service = try TestService(.router)
        try service.createTree("demo")
        let reply = try service.request("GET", "/v1/trees/demo/events?\(query)")
        #expect(reply.status == 400)
        #expect(reply.json["field"].string == String(query.prefix { $0 != "=" }))
    }
}

/// Wraps a JSON value so arrays of them compare with `==` in `#expect`.
struct JSONValueBox: Equatable {
    var value: JSONValue
    init(_ value: JSONValue) { self.value = value }
}
