import HTTPTypes

#if canImport(Glibc)
import Glibc
#endif

/// The same field work with apple/swift-http-types, as an adoption would do it: common names
/// matched to `HTTPField.Name`'s constants without validation (as `CommonFieldText` does for
/// strings), others validated; values legalized by `HTTPField(name:value:)`; the method
/// validated by `HTTPRequest.Method`; lookups take the first value of a name (`HTTPFields`'
/// subscript joins every value of the name into a new string: 2–5× slower again).
enum HTTPTypesFields {
    static let jsonFields: HTTPFields = [.contentType: "application/json"]
    static let noSniff = HTTPField.Name("X-Content-Type-Options")!
    /// HTTPTypes moves `Host` into `HTTPRequest.authority`; screening must still count the fields.
    static let hostName = HTTPField.Name("Host")!

    static func parse(_ raw: RawRequest) -> (fields: HTTPFields, method: HTTPRequest.Method?) {
        var fields = HTTPFields()
        fields.reserveCapacity(8)
        for field in raw.fields {
            guard let name = commonName(field.name) ?? HTTPField.Name(String(decoding: field.name, as: UTF8.self)) else { continue }
            fields.append(HTTPField(name: name, value: CommonFieldText.string(field.value)))
        }
        return (fields, HTTPRequest.Method(CommonFieldText.string(raw.method)))
    }

    static func read(_ head: (fields: HTTPFields, method: HTTPRequest.Method?)) -> Int {
        let fields = head.fields
        var sum = head.method == .head ? 1 : 0
        sum += fields.first(.connection)?.lowercased().contains("close") == true ? 1 : 0
        // FramingFields over `HTTPField`s.
        var host: String?
        var hostCount = 0
        var length: Substring?
        var encodings = 0
        var isAmbiguous = false
        for field in fields {
            if field.name == hostName {
                host = field.value
                hostCount += 1
            } else if field.name == .contentLength {
                for value in field.value.split(separator: ",", omittingEmptySubsequences: false) {
                    let trimmed = Substring(value.trimmingASCIIWhitespace())
                    if let length, length != trimmed { isAmbiguous = true }
                    length = trimmed
                }
            } else if field.name == .transferEncoding {
                encodings += 1
                if !field.value.trimmingASCIIWhitespace().lowercased().elementsEqual("chunked") { isAmbiguous = true }
            }
        }
        if encodings > 1 || (encodings == 1 && length != nil) { isAmbiguous = true }
        sum += hostCount + (host?.utf8.count ?? 0) + (isAmbiguous ? 1 : 0)
        sum += fields.first(.contentLength).flatMap { Int($0) } ?? 0
        sum += fields.first(.expect) == nil ? 0 : 1
        sum += fields.first(.contentType)?.utf8.count ?? 0
        sum += fields.first(.contentType)?.utf8.count ?? 0
        sum += fields.first(.transferEncoding) == nil ? 0 : 1
        sum += fields.first(.origin)?.utf8.count ?? 0
        sum += fields.first(.ifNoneMatch)?.utf8.count ?? 0
        sum += fields.first(.acceptEncoding)?.utf8.count ?? 0
        return sum
    }

    static func respond() -> Int {
        var response = jsonFields
        response.append(HTTPField(name: .vary, value: "Origin"))
        let status = HTTPResponse.Status.ok
        var sum = response.first(.accessControlAllowOrigin) == nil ? status.code : 0
        for field in response {
            field.name.rawName.withCString { name in field.value.withCString { value in sum += strlen(name) + strlen(value) } }
        }
        return sum + (response.first(noSniff) == nil ? 1 : 0)
    }

    /// The names `CommonFieldText` knows, as constants.
    private static func commonName(_ bytes: UnsafeBufferPointer<UInt8>) -> HTTPField.Name? {
        switch bytes.count {
        case 4 where bytes.elementsEqual("Host".utf8): hostName
        case 6 where bytes.elementsEqual("Accept".utf8): .accept
        case 10 where bytes.elementsEqual("User-Agent".utf8): .userAgent
        case 10 where bytes.elementsEqual("Connection".utf8): .connection
        case 12 where bytes.elementsEqual("Content-Type".utf8): .contentType
        case 14 where bytes.elementsEqual("Content-Length".utf8): .contentLength
        default: nil
        }
    }
}

extension HTTPFields {
    /// The first value of `name`, without joining the others.
    func first(_ name: HTTPField.Name) -> String? {
        firstIndex { $0.name == name }.map { self[$0].value }
    }
}
