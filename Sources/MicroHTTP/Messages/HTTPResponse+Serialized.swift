import CMicroHTTPDShim

extension HTTPResponse {
    /// The whole HTTP/1.1 response as bytes, framed by `Content-Length`, for the one answer
    /// written behind libmicrohttpd (see `ConnectionTable.answerReceivingBodies`). Fields with
    /// CR or LF are left out, as libmicrohttpd does.
    func serialized() -> [UInt8] {
        let body: [UInt8] =
            switch self.body {
            case .bytes(let bytes): bytes
            case .shared(let shared): Array(shared.storage)
            case .prepared(let prepared): Array(prepared.body.storage)
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
