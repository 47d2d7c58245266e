import Testing

@testable import ContainmentService

@Suite struct JSONCodingTests {
    private struct Body: Decodable {
        struct Item: Decodable { var name: String }
        var items: [Item]
        var count: Int
    }

    private func problem(decoding json: String) -> Problem? {
        do {
            _ = try JSONCoding.decode(Body.self, from: Array(json.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func malformedJSONHasNoField() {
        let problem = problem(decoding: "{\"items\": [")
        #expect(problem?.code == "malformed_json")
        #expect(problem?.field == nil)
    }

    @Test func missingFieldIsNamedWithItsPath() {
        let problem = problem(decoding: #"{"items": [{"name": "a"}, {}], "count": 1}"#)
        #expect(problem?.code == "missing_field")
        #expect(problem?.field == "items[1].name")
    }

    @Test func wrongTypeIsNamed() {
        #expect(problem(decoding: #"{"items": [], "count": "one"}"#)?.field == "count")
        #expect(problem(decoding: #"{"items": [{"name": 3}], "count": 1}"#)?.field == "items[0].name")
    }

    @Test func nullIsNamed() {
        #expect(problem(decoding: #"{"items": null, "count": 1}"#)?.field == "items")
    }
}
