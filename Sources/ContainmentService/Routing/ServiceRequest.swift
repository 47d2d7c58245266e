import MicroHTTP

/// A routed request: the HTTP request plus its path parameters, with the parsing every
/// handler needs done one way.
struct ServiceRequest: Sendable {
    let http: HTTPRequest
    let parameters: PathParameters
    /// Whose token the request carries; nil when access control is off.
    var caller: Caller? = nil
    /// Where a change this request makes leaves its journal ticket: the pipeline answers only
    /// once it is committed (see `RequestPipeline.answer`). Nil without a state directory and
    /// for methods that never change a tree (`GET`, `HEAD`), which then allocate nothing.
    let commit: PendingCommit?
    /// With a shared store: trees the store was asked for and has none of, so this run of the
    /// request answers 404 (or creates them) instead of taking them over again.
    var absentTrees: Set<String> = []
    /// With a shared store: the deferred response of a request run again after its tree was
    /// taken over; a route that answers later completes this one.
    var deferred: HTTPDeferredResponse? = nil

    var head: HTTPRequestHead { http.head }

    /// `?pretty` (any value but `false`) asks for indented JSON.
    var wantsPrettyJSON: Bool {
        guard let value = head.queryValue("pretty") else { return false }
        return value != "false" && value != "0"
    }

    /// A path parameter; the router guarantees every template parameter is present.
    func parameter(_ name: String) -> String { parameters[name] ?? "" }

    /// The body decoded as `Value` from JSON or (where the route accepts it) YAML; an empty
    /// body decodes as `{}` so bodies whose fields are all optional may be left out.
    func decodeBody<Value: Decodable>(_ type: Value.Type) throws(Problem) -> Value {
        try decodeBody(type, quickly: { _ in nil })
    }

    /// The same, read by the quick parser first (see `QuickJSONDecodable`): JSONDecoder only
    /// decides the bodies it steps aside for.
    func decodeBody<Value: QuickJSONDecodable>(_ type: Value.Type) throws(Problem) -> Value {
        try decodeBody(type, quickly: Value.init(quickJSON:))
    }

    /// The body decoded as `Value`, refused with `limit.problem` when its JSON holds more than
    /// `limit.objects` objects (checked before JSONDecoder builds them).
    func decodeBody<Value: Decodable>(_ type: Value.Type, limit: (objects: Int, problem: Problem)) throws(Problem) -> Value {
        try decodeBody(type, quickly: { _ in nil }, limit: limit)
    }

    private func decodeBody<Value: Decodable>(
        _ type: Value.Type, quickly: ([UInt8]) -> Value?, limit: (objects: Int, problem: Problem)? = nil
    ) throws(Problem) -> Value {
        if http.body.isEmpty { return try JSONCoding.decode(type, from: Array("{}".utf8)) }
        if BodyFormat(contentType: head.headers["Content-Type"]) == .yaml {
            return try YAMLCoding.decode(type, from: http.body)
        }
        if let value = quickly(http.body) { return value }
        return try JSONCoding.decode(type, from: http.body, limit: limit)
    }

    /// An optional integer query parameter within `range`.
    func queryInteger(_ name: String, in range: ClosedRange<Int>) throws(Problem) -> Int? {
        guard let text = head.queryValue(name) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw .badRequest(
                "Query parameter `\(name)` must be an integer in \(range.lowerBound)...\(range.upperBound).",
                field: name, code: "invalid_query")
        }
        return value
    }

    /// An optional unsigned 64-bit query parameter (event sequence numbers).
    func querySequence(_ name: String) throws(Problem) -> UInt64? {
        guard let text = head.queryValue(name) else { return nil }
        guard let value = UInt64(text) else {
            throw .badRequest("Query parameter `\(name)` must be a non-negative integer.", field: name, code: "invalid_query")
        }
        return value
    }

    /// An optional boolean query parameter (`true`/`false`, `1`/`0`).
    func queryBool(_ name: String) throws(Problem) -> Bool? {
        guard let text = head.queryValue(name) else { return nil }
        switch text {
        case "true", "1", "": return true
        case "false", "0": return false
        default:
            throw .badRequest("Query parameter `\(name)` must be true or false.", field: name, code: "invalid_query")
        }
    }
}
