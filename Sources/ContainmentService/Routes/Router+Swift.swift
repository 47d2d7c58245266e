#if SwiftSource
import Containment
import ContainmentSwiftSource
import MicroHTTP

extension Router {
    /// `POST /v1/swift`: UIKit code in, the callbacks UIKit would make out, each with the line
    /// that caused it (docs/swift.md). Runs on a tree of its own that is never stored.
    mutating func addSwiftRoutes(_ core: ServiceCore) {
        add("POST", "/v1/swift", accepting: [.json, .swift]) { (request) throws(Problem) in
            let source: [UInt8]
            let idiom: SwiftSourceIdiom
            let orientation: SwiftSourceOrientation
            if BodyFormat(contentType: request.head.headers["Content-Type"]) == .swift {
                source = request.http.body
                idiom = try Self.queryValue(request, "idiom", default: .phone)
                orientation = try Self.queryValue(request, "orientation", default: .portrait)
            } else {
                let body = try request.decodeBody(SwiftBody.self)
                (source, idiom, orientation) = (Array(body.source.utf8), body.idiom, body.orientation ?? .portrait)
            }
            try core.budget.checkRoom()
            do throws(SwiftSourceRefusal) {
                let explanation = try SwiftSourceExplainer.explain(source, idiom: idiom, orientation: orientation)
                return .response(.encoded(explanation, pretty: request.wantsPrettyJSON))
            } catch {
                throw Problem(refusal: error)
            }
        }
    }

    /// `?idiom=pad` and `?orientation=landscape` for a `text/x-swift` body.
    private static func queryValue<Value: RawRepresentable & CaseIterable>(_ request: ServiceRequest, _ name: String, default value: Value)
        throws(Problem) -> Value where Value.RawValue == String
    {
        guard let text = request.head.queryValue(name) else { return value }
        guard let parsed = Value(rawValue: text) else {
            let names = Value.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ")
            throw .badRequest("`\(name)` must be one of \(names).", field: name, code: "invalid_query")
        }
        return parsed
    }
}

/// `POST /v1/swift`'s JSON body.
struct SwiftBody: Codable, Sendable {
    var source: String
    var idiom: SwiftSourceIdiom
    var orientation: SwiftSourceOrientation?
}

extension Problem {
    /// A source outside the subset is 422 with the construct and where it is; one over a limit
    /// 413, one that is not UTF-8 400.
    init(refusal: SwiftSourceRefusal) {
        let status =
            switch refusal.code {
            case "source_too_large": 413
            case "invalid_utf8": 400
            default: 422
            }
        self.init(status: status, code: refusal.code, detail: refusal.detail, field: "source")
        construct = refusal.construct
        line = refusal.line
        column = refusal.column
        supported = refusal.supported
    }
}
#endif
