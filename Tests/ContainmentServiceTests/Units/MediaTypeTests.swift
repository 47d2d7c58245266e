import Testing

@testable import ContainmentService

@Suite struct MediaTypeTests {
    @Test(arguments: ["application/json", "application/json; charset=utf-8", "Application/JSON", "application/merge-patch+json"])
    func acceptsJSON(contentType: String) {
        #expect(MediaType.isJSON(contentType))
    }

    @Test(arguments: ["text/plain", "application/x-www-form-urlencoded", "application/jsonx", "multipart/form-data", ""])
    func rejectsOthers(contentType: String) {
        #expect(!MediaType.isJSON(contentType))
    }

    @Test func rejectsMissingContentType() {
        #expect(!MediaType.isJSON(nil))
    }
}
