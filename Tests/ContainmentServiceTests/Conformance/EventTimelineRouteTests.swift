import Containment
import Foundation
import Testing

@Suite struct EventTimelineRouteTests {
    @Test func mermaidHasALifelinePerControllerAndABlockPerBatch() throws {
        let service = try TestService(.router)
        try service.createTree("t", root: #"{"id": "parent", "children": [{"id": "child"}]}"#)
        try service.request("POST", "/v1/trees/t/controllers", json: #"{"id": "extra"}"#)
        try service.request("POST", "/v1/trees/t/controllers/parent/children", json: #"{"child": "extra"}"#)
        let reply = try service.request("GET", "/v1/trees/t/timeline")
        #expect(reply.status == 200)
        let lines = reply.text.split(separator: "\n").map(String.init)
        #expect(lines.first == "sequenceDiagram")
        #expect(lines.filter { $0.hasPrefix("    participant c") }.count == 3)
        let batches = Set(try service.request("GET", "/v1/trees/t/events").json["events"].arrayValue.compactMap { $0["batch"].numberValue })
        #expect(lines.filter { $0.contains("rect ") }.count == batches.count)
        #expect(lines.filter { $0 == "    end" }.count == batches.count)
        #expect(lines.contains { $0.contains("->>") && $0.contains("viewWillAppear(animated: false) [isMovingToParent]") })
    }

    @Test func textIsAlignedColumns() throws {
        let service = try TestService(.router)
        try service.createTree("t", root: #"{"id": "parent", "children": [{"id": "child"}]}"#)
        let reply = try service.request("GET", "/v1/trees/t/timeline?format=text&after=2&limit=3")
        #expect(reply.status == 200)
        let lines = reply.text.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("seq  batch  controller"))
        let callbackColumn = try #require(lines[0].range(of: "callback")?.lowerBound.utf16Offset(in: lines[0]))
        for line in lines.dropFirst() {
            #expect(line.count > callbackColumn && line[line.index(line.startIndex, offsetBy: callbackColumn - 1)] == " ")
            #expect(!line.hasSuffix(" "))
        }
        #expect(lines[1].hasPrefix("  3  "))
    }

    @Test func unknownFormatIsABadRequest() throws {
        let service = try TestService(.router)
        try service.createTree("t")
        for format in ["svg", "json"] {
            let reply = try service.request("GET", "/v1/trees/t/timeline?format=\(format)")
            #expect(reply.status == 400)
            #expect(reply.json["field"].string == "format")
        }
        #expect(try service.request("GET", "/v1/trees/nope/timeline?format=text").status == 404)
    }

    /// The JSON page's path has no text form, so a generated client typing it as an
    /// `EventPage` never receives text; the old `?format=` is refused, naming the timeline.
    @Test(arguments: ["mermaid", "text", "json"])
    func eventsPathRefusesFormatNamingTheTimeline(format: String) throws {
        let service = try TestService(.router)
        try service.createTree("t")
        let reply = try service.request("GET", "/v1/trees/t/events?format=\(format)")
        #expect(reply.status == 400)
        #expect(reply.json["field"].string == "format")
        #expect(reply.json["detail"].string?.contains("/v1/trees/{tree}/timeline") == true)
    }
}
