import CMicroHTTPDShim

extension HTTPHeaders {
    /// These fields, with `X-Content-Type-Options: nosniff` unless they set it: every response
    /// carries it, so that no browser runs a body (a problem, an event stream) as another type
    /// than it is labelled.
    static let noSniff = (name: "X-Content-Type-Options", value: "nosniff")

    var lacksNoSniff: Bool { self[Self.noSniff.name] == nil }

    var withNoSniff: [(name: String, value: String)] { lacksNoSniff ? fields + [Self.noSniff] : fields }
}

extension HTTPResponse {
    /// The whole HTTP/1.1 response as bytes, framed by `Content-Length`, for the one answer
    /// written behind libmicrohttpd (see `ConnectionTable.answerReceivingBodies`). Fields with
    /// CR or LF are left out, as libmicrohttpd does.
    func serialized() -> [UInt8] {
        let body: [UInt8] =
            switch self.body {
            case .bytes(let bytes): bytes
            case .shared(let shared): Array(shared.storage)
            case .stream: []
            }
        var head = "HTTP/1.1 \(status) \(String(cString: CMicroHTTPDShim_reasonPhrase(UInt32(clamping: status))))\r\n"
        for field in headers.withNoSniff where !["content-length", "transfer-encoding"].contains(field.name.lowercased()) {
            guard !(field.name + field.value).contains(where: { $0 == "\r" || $0 == "\n" }) else { continue }
            head += "\(field.name): \(field.value)\r\n"
        }
        head += "Content-Length: \(body.count)\r\n\r\n"
        return Array(head.utf8) + body
    }
}
