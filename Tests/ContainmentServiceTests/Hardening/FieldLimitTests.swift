import Testing

@testable import ContainmentService

/// Free-form fields have caps, and a field over its cap is a 400 naming it.
@Suite struct FieldLimitTests {
    private let longTitle = String(repeating: "t", count: FieldLimits.maxTitleLength + 1)

    @Test func oversizedTitlesAreRefusedWhereverTheyAre() throws {
        let service = try TestService(.router)
        let root = try service.request("POST", "/v1/trees", json: #"{"id": "a", "root": {"id": "root", "title": "\#(longTitle)"}}"#)
        #expect(root.status == 400)
        #expect(root.json["code"].string == "field_too_large")
        #expect(root.json["field"].string == "root.title")
        let nested = try service.request(
            "POST", "/v1/trees", json: #"{"id": "a", "root": {"id": "root", "children": [{"id": "c", "title": "\#(longTitle)"}]}}"#)
        #expect(nested.json["field"].string == "root.children[0].title")
        let presented = try service.request(
            "POST", "/v1/trees", json: #"{"id": "a", "root": {"id": "root", "presented": {"id": "sheet", "title": "\#(longTitle)"}}}"#)
        #expect(presented.json["field"].string == "root.presented.title")
        #expect(try service.request("GET", "/v1/trees").json["trees"].array.isEmpty)

        try service.createTree("demo", root: #"{"id": "root"}"#)
        let created = try service.request("POST", "/v1/trees/demo/controllers", json: #"{"id": "x", "title": "\#(longTitle)"}"#)
        #expect(created.status == 400)
        #expect(created.json["field"].string == "title")
        let patched = try service.request("PATCH", "/v1/trees/demo/controllers/root", json: #"{"title": "\#(longTitle)"}"#)
        #expect(patched.status == 400)
        #expect(patched.json["field"].string == "title")
        let fits = String(repeating: "t", count: FieldLimits.maxTitleLength)
        #expect(try service.request("PATCH", "/v1/trees/demo/controllers/root", json: #"{"title": "\#(fits)"}"#).status == 200)
    }

    @Test func propertiesAreCappedInCountKeyAndValueSize() throws {
        let service = try TestService(.router)
        try service.createTree("demo", root: #"{"id": "root"}"#)
        let many = (0...FieldLimits.maxProperties).map { #""k\#($0)": 1"# }.joined(separator: ", ")
        let tooMany = try service.request("PATCH", "/v1/trees/demo/controllers/root", json: #"{"properties": {\#(many)}}"#)
        #expect(tooMany.status == 400)
        #expect(tooMany.json["field"].string == "properties")

        let longKey = String(repeating: "k", count: FieldLimits.maxPropertyKeyLength + 1)
        let keyReply = try service.request("PATCH", "/v1/trees/demo/controllers/root", json: #"{"properties": {"\#(longKey)": 1}}"#)
        #expect(keyReply.json["code"].string == "field_too_large")

        let bigValue = String(repeating: "v", count: FieldLimits.maxPropertyValueBytes)
        let valueReply = try service.request(
            "POST", "/v1/trees/demo/controllers", json: #"{"id": "x", "properties": {"note": "\#(bigValue)"}}"#)
        #expect(valueReply.status == 400)
        #expect(valueReply.json["field"].string == "properties.note")
        #expect(try service.request("GET", "/v1/trees/demo/controllers/x").status == 404)
    }

    @Test func childContentSizesAreCappedInCount() throws {
        let service = try TestService(.router)
        try service.createTree("demo", root: #"{"id": "root"}"#)
        let entries = (0...FieldLimits.maxChildContentSizes).map { #""c\#($0)": {"width": 1, "height": 1}"# }
        let tooMany = try service.request(
            "PATCH", "/v1/trees/demo/controllers/root", json: #"{"childContentSizes": {\#(entries.joined(separator: ", "))}}"#)
        #expect(tooMany.status == 400)
        #expect(tooMany.json["code"].string == "field_too_large")
        #expect(tooMany.json["field"].string == "childContentSizes")
        let nested = try service.request(
            "POST", "/v1/trees/demo/controllers",
            json: #"{"id": "x", "children": [{"id": "y", "childContentSizes": {\#(entries.joined(separator: ", "))}}]}"#)
        #expect(nested.json["field"].string == "children[0].childContentSizes")
        let fits = entries.dropLast().joined(separator: ", ")
        #expect(try service.request("PATCH", "/v1/trees/demo/controllers/root", json: #"{"childContentSizes": {\#(fits)}}"#).status == 200)
    }
}
