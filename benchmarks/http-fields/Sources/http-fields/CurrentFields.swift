#if canImport(Glibc)
import Glibc
#endif

/// The field work of one request on MicroHTTP's path as it is: the head built from
/// libmicrohttpd's bytes (`Connection.requestHeaders`), the fields the request path reads
/// (`RequestContext`, `RequestPipeline`, `ServiceRequest`, the routes) and a JSON response's
/// fields handed to libmicrohttpd (`Connection.queue`). Each returns a checksum of what it read.
enum CurrentFields {
    static let jsonHeaders: HTTPHeaders = ["Content-Type": "application/json"]

    static func parse(_ raw: RawRequest) -> (headers: HTTPHeaders, method: String) {
        var headers = HTTPHeaders(capacity: 8)
        for field in raw.fields {
            headers.add(name: CommonFieldText.string(field.name), value: CommonFieldText.string(field.value))
        }
        return (headers, CommonFieldText.string(raw.method))
    }

    static func read(_ head: (headers: HTTPHeaders, method: String)) -> Int {
        let headers = head.headers
        var sum = head.method == "HEAD" ? 1 : 0
        // RequestContext: chunking, screening, length limit, Expect.
        sum += headers["Connection"]?.lowercased().contains("close") == true ? 1 : 0
        let framing = FramingFields(headers)
        sum += framing.hostCount + (framing.host?.utf8.count ?? 0) + (framing.isAmbiguous ? 1 : 0)
        sum += headers["Content-Length"].flatMap { Int($0) } ?? 0
        sum += headers["Expect"] == nil ? 0 : 1
        // RequestPipeline and the routes: the media type at the head and for decoding, a body
        // announced, CORS, a conditional GET, the coding.
        sum += headers["Content-Type"]?.utf8.count ?? 0
        sum += headers["Content-Type"]?.utf8.count ?? 0
        sum += headers["Transfer-Encoding"] == nil ? 0 : 1
        sum += headers["Origin"]?.utf8.count ?? 0
        sum += headers["If-None-Match"]?.utf8.count ?? 0
        sum += headers["Accept-Encoding"]?.utf8.count ?? 0
        return sum
    }

    /// A JSON response with the CORS policy's `Vary`, handed to libmicrohttpd.
    static func respond() -> Int {
        var response = jsonHeaders
        response.add(name: "Vary", value: "Origin")
        let status = 200
        var sum = response["Access-Control-Allow-Origin"] == nil ? status : 0
        for field in response {
            field.name.withCString { name in field.value.withCString { value in sum += strlen(name) + strlen(value) } }
        }
        return sum + (response.lacksNoSniff ? 1 : 0)
    }
}
