import Foundation
import Testing

/// `POST /v1/swift` (docs/swift.md): UIKit code in, the callbacks with their lines out; a source
/// outside the subset is a 422 problem naming the construct and where it is. In a build without
/// the `SwiftSource` trait, a 501 problem saying so.
@Suite struct SwiftRouteTests {
    #if SwiftSource
    static let source = """
        class ListViewController: UIViewController {
            let header = UIViewController()
            override func viewDidLoad() {
                super.viewDidLoad()
                addChild(header)
            }
        }
        let window = UIWindow(frame: UIScreen.main.bounds)
        let list = ListViewController()
        window.rootViewController = list
        window.makeKeyAndVisible()
        """

    static func body(_ source: String, idiom: String = "phone") throws -> String {
        let data = try JSONSerialization.data(withJSONObject: ["source": source, "idiom": idiom])
        return String(decoding: data, as: UTF8.self)
    }

    @Test func aJSONBodyAnswersEachEventWithItsLine() throws {
        let service = try TestService(.router)
        let reply = try service.request("POST", "/v1/swift", json: try Self.body(Self.source))
        #expect(reply.status == 200, "\(reply.text)")
        let willMove = reply.json["events"].array.first { $0["controller"].string == "header" }
        #expect(willMove?["callback"].string == "willMove")
        #expect(willMove?["source"]["line"] == 5)
        #expect(willMove?["source"]["column"] == 9)
        #expect(willMove?["source"]["cause"].string == "override")
        #expect(willMove?["calledFrom"]["callback"].string == "viewDidLoad")
        #expect(reply.json["controllers"].array.map { $0["className"].string } == ["ListViewController", "UIViewController"])
        #expect(reply.json["tree"]["controllers"]["list"]["children"] == .array([.string("header")]))
    }

    @Test func aSwiftBodyTakesTheDeviceFromTheQuery() throws {
        let service = try TestService(.router)
        let reply = try service.request(
            "POST", "/v1/swift?idiom=pad&orientation=landscape", json: Self.source, headers: [("Content-Type", "text/x-swift")])
        #expect(reply.status == 200, "\(reply.text)")
        #expect(reply.json["idiom"].string == "pad")
        #expect(reply.json["tree"]["window"]["size"] == .object(["width": 1024, "height": 768]))
    }

    @Test func aConstructOutsideTheSubsetIs422WithItsLineAndColumn() throws {
        let service = try TestService(.router)
        let reply = try service.request(
            "POST", "/v1/swift", json: try Self.body("let a = UIViewController()\nfor _ in 0..<3 {\n    a.loadViewIfNeeded()\n}"))
        #expect(reply.status == 422)
        #expect(reply.header("Content-Type") == "application/problem+json")
        #expect(reply.json["code"].string == "unsupported_construct")
        #expect(reply.json["construct"].string == "for-in loop")
        #expect(reply.json["line"] == 2)
        #expect(reply.json["column"] == 1)
        #expect(reply.json["supported"].string?.isEmpty == false)
        #expect(reply.json["field"].string == "source")
    }

    @Test func aSourceOverItsLimitIs413() throws {
        let service = try TestService(.router)
        let reply = try service.request("POST", "/v1/swift", json: try Self.body(String(repeating: "\n", count: 70_000)))
        #expect(reply.status == 413)
        #expect(reply.json["code"].string == "source_too_large")
    }

    @Test func anUnknownIdiomIs400NamingTheField() throws {
        let service = try TestService(.router)
        let json = try service.request("POST", "/v1/swift", json: try Self.body("", idiom: "watch"))
        #expect(json.status == 400)
        #expect(json.json["field"].string == "idiom")
        let query = try service.request("POST", "/v1/swift?idiom=watch", json: "", headers: [("Content-Type", "text/x-swift")])
        #expect(query.status == 400)
        #expect(query.json["field"].string == "idiom")
    }

    @Test func anUnknownFieldIs400() throws {
        let service = try TestService(.router)
        let reply = try service.request("POST", "/v1/swift", json: #"{"source": "", "idiom": "phone", "run": true}"#)
        #expect(reply.status == 400)
    }

    @Test func anotherContentTypeIs415() throws {
        let service = try TestService(.router)
        let reply = try service.request("POST", "/v1/swift", json: Self.source, headers: [("Content-Type", "text/plain")])
        #expect(reply.status == 415)
    }
    #else
    @Test func withoutTheSwiftSourceTraitTheRouteIs501SayingSo() throws {
        let service = try TestService(.router)
        let body = #"{"source": "let root = UIViewController()", "idiom": "phone"}"#
        for (contentType, text) in [("application/json", body), ("text/x-swift", "let root = UIViewController()")] {
            let reply = try service.request("POST", "/v1/swift", json: text, headers: [("Content-Type", contentType)])
            #expect(reply.status == 501)
            #expect(reply.header("Content-Type") == "application/problem+json")
            #expect(reply.json["code"].string == "swift_source_not_built")
            #expect(reply.json["title"].string == "Not Implemented")
        }
    }
    #endif
}
