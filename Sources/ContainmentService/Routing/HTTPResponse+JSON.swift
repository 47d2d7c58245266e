import MicroHTTP

extension HTTPResponse {
    /// A JSON response; `pretty` follows the request's `?pretty`.
    static func json<Value: Encodable & JSONWritable>(_ value: Value, status: Int = 200, pretty: Bool) -> HTTPResponse {
        HTTPResponse(status: status, headers: jsonHeaders, body: JSONCoding.encode(value, pretty: pretty))
    }

    /// Made once: every JSON response shares these fields (a copy is a retain).
    fileprivate static let jsonHeaders: HTTPHeaders = ["Content-Type": "application/json"]

    /// An RFC 9457 problem response.
    static func problem(_ problem: Problem, pretty: Bool = false, headers extra: HTTPHeaders = [:]) -> HTTPResponse {
        var headers: HTTPHeaders = ["Content-Type": "application/problem+json"]
        for field in extra { headers.add(name: field.name, value: field.value) }
        return HTTPResponse(status: problem.status, headers: headers, body: JSONCoding.encode(problem, pretty: pretty))
    }

    static func text(_ text: String, contentType: String = "text/plain; charset=utf-8") -> HTTPResponse {
        HTTPResponse(status: 200, headers: ["Content-Type": contentType], body: Array(text.utf8))
    }
}

extension HTTPPreparedResponse {
    /// A fixed compact JSON answer, built into libmicrohttpd once.
    static func json<Value: Encodable & JSONWritable>(_ value: Value, status: Int = 200) -> HTTPPreparedResponse {
        HTTPPreparedResponse(status: status, headers: HTTPResponse.jsonHeaders, body: JSONCoding.encode(value, pretty: false))
    }
}

extension HTTPReply {
    static func json<Value: Encodable & JSONWritable>(_ value: Value, status: Int = 200, for request: ServiceRequest) -> HTTPReply {
        .response(.json(value, status: status, pretty: request.wantsPrettyJSON))
    }
}
