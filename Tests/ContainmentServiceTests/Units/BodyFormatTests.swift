import Testing

@testable import ContainmentService

@Suite struct BodyFormatTests {
    @Test(arguments: ["application/json", "application/json; charset=utf-8", "Application/JSON", "application/merge-patch+json"])
    func recognisesJSON(contentType: String) {
        #expect(BodyFormat(contentType: contentType) == .json)
    }

    @Test(arguments: ["application/yaml", "application/x-yaml; charset=utf-8", "text/yaml"])
    func recognisesYAML(contentType: String) {
        #expect(BodyFormat(contentType: contentType) == .yaml)
    }

    @Test(arguments: ["text/plain", "application/x-www-form-urlencoded", "application/jsonx", "multipart/form-data", ""])
    func rejectsOthers(contentType: String) {
        #expect(BodyFormat(contentType: contentType) == nil)
    }

    @Test func rejectsMissingContentType() {
        #expect(BodyFormat(contentType: nil) == nil)
    }
}
