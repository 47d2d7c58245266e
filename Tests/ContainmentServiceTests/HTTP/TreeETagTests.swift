import Foundation
import Testing

/// `GET /v1/trees/{id}` is served from a per-version cache and tagged with that version, so
/// pollers can ask "changed?" for the price of a 304.
@Suite struct TreeETagTests {
    private static let root = #"{"id": "root", "children": [{"id": "map"}]}"#

    private func tag(_ service: TestService, _ tree: String = "demo") throws -> String {
        let reply = try service.request("GET", "/v1/trees/\(tree)")
        #expect(reply.status == 200)
        return try #require(reply.header("ETag"))
    }

    @Test func unchangedTreeKeepsItsTagAndAnswers304() throws {
        let service = try TestService(.router)
        try service.createTree("demo", root: Self.root)
        let first = try service.request("GET", "/v1/trees/demo")
        let etag = try #require(first.header("ETag"))
        #expect(etag.hasPrefix("\"") && etag.hasSuffix("\""))
        let second = try service.request("GET", "/v1/trees/demo")
        #expect(second.header("ETag") == etag)
        #expect(second.body == first.body)
        #expect(second.json["controllers"]["map"]["parent"].string == "root")

        // Percent-encoded, as swift-openapi-runtime sends header values.
        let escaped = etag.replacingOccurrences(of: "\"", with: "%22")
        for candidates in [etag, "W/\(etag)", "\"other\", \(etag)", "*", escaped] {
            let notModified = try service.request("GET", "/v1/trees/demo", headers: [("If-None-Match", candidates)])
            #expect(notModified.status == 304, "\(candidates)")
            #expect(notModified.header("ETag") == etag)
            #expect(notModified.body.isEmpty)
        }
        let stale = try service.request("GET", "/v1/trees/demo", headers: [("If-None-Match", "\"0-0\"")])
        #expect(stale.status == 200)
        #expect(stale.body == first.body)
    }

    @Test func mutationsAndTimeChangeTheTag() throws {
        let service = try TestService(.router)
        try service.createTree("demo", root: Self.root)
        let before = try tag(service)
        let calls = try service.request(
            "POST", "/v1/trees/demo/calls", json: #"{"calls": [{"receiver": "map", "method": "removeFromParent"}]}"#)
        #expect(calls.status == 200)
        let afterCall = try tag(service)
        #expect(afterCall != before)
        let changed = try service.request("GET", "/v1/trees/demo", headers: [("If-None-Match", before)])
        #expect(changed.status == 200)
        #expect(changed.json["controllers"]["map"]["parent"] == .null)

        let advanced = try service.request("POST", "/v1/trees/demo/clock", json: #"{"advance": 1}"#)
        #expect(advanced.status == 200)
        #expect(try tag(service) != afterCall)
    }

    @Test func rejectedRequestsKeepTheTag() throws {
        let service = try TestService(.router)
        try service.createTree("demo", root: Self.root)
        let before = try tag(service)
        // UIKit would raise: root cannot be its own child.
        let refused = try service.request(
            "POST", "/v1/trees/demo/calls", json: #"{"calls": [{"receiver": "root", "method": "addChild", "args": {"child": "root"}}]}"#)
        #expect(refused.status >= 400)
        let malformed = try service.request("POST", "/v1/trees/demo/calls", json: #"{"calls": 3}"#)
        #expect(malformed.status == 400)
        #expect(try tag(service) == before)
        let notModified = try service.request("GET", "/v1/trees/demo", headers: [("If-None-Match", before)])
        #expect(notModified.status == 304)
    }

    @Test func recreatedTreeNeverRepeatsATag() throws {
        let service = try TestService(.router)
        try service.createTree("demo", root: Self.root)
        let old = try tag(service)
        #expect(try service.request("DELETE", "/v1/trees/demo").status == 200)
        try service.createTree("demo", root: Self.root)
        #expect(try tag(service) != old)
        #expect(try service.request("GET", "/v1/trees/demo", headers: [("If-None-Match", old)]).status == 200)
    }

    @Test func prettyAndTextAreUntaggedAndUncached() throws {
        let service = try TestService(.router)
        try service.createTree("demo", root: Self.root)
        let pretty = try service.request("GET", "/v1/trees/demo?pretty")
        #expect(pretty.status == 200)
        #expect(pretty.header("ETag") == nil)
        #expect(pretty.text.contains("\n  "))
        #expect(pretty.json == (try service.request("GET", "/v1/trees/demo")).json)
        #expect(try service.request("GET", "/v1/trees/demo/hierarchy").header("ETag") == nil)
    }
}
