import Testing

/// Every problem `detail` is one sentence in one style (capitalised or opening with a quoted
/// name, ending with a period), whether the service or the engine refused; UIKit's own
/// exception reasons are the only text kept word for word.
@Suite struct ProblemWordingTests {
    @Test func detailsAreSentences() throws {
        let service = try TestService(.router)
        try service.createTree("demo", root: #"{"id": "root"}"#)
        let refusals: [(String, String, String?)] = [
            ("GET", "/v1/trees/missing", nil),
            ("POST", "/v1/trees", #"{"id": "bad id"}"#),
            ("POST", "/v1/trees", #"{"id": "x", "clok": 1}"#),
            ("POST", "/v1/trees/demo/calls", #"{"calls": [{"receiver": "nobody", "method": "addChild"}]}"#),
            ("POST", "/v1/trees/demo/calls", #"{"calls": [{"receiver": "root", "method": "explode"}]}"#),
            ("POST", "/v1/trees/demo/calls", #"{"calls": [{"receiver": "root", "method": "runLoop", "args": {"x": 1}}]}"#),
            ("POST", "/v1/trees/demo/clock", #"{"advance": -1}"#),
            ("GET", "/v1/trees/demo/events?after=x", nil),
            ("DELETE", "/v1/events", nil),
        ]
        for (method, path, body) in refusals {
            let reply = try service.request(method, path, json: body)
            let detail = try #require(reply.json["detail"].string, "\(path): \(reply.text)")
            #expect(reply.json["title"].string?.hasPrefix("NS") != true, "a UIKit reason is not expected here")
            let first = try #require(detail.first)
            #expect(first.isUppercase || first == "`", "\(detail)")
            #expect(detail.hasSuffix("."), "\(detail)")
        }
        let argument = try service.request(
            "POST", "/v1/trees/demo/calls", json: #"{"calls": [{"receiver": "root", "method": "runLoop", "args": {"x": 1}}]}"#)
        #expect(argument.json["detail"].string == "No argument x in runLoop.")
    }
}
