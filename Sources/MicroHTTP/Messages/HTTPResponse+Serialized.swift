import CMicroHTTPDShim

extension HTTPResponse {
    /// The fields and body a client receives, framed by `Content-Length` as libmicrohttpd frames
    /// bytes: fields with CR or LF left out (libmicrohttpd refuses them), framing fields
    /// replaced, `X-Content-Type-Options` added. Nil for a stream. For in-process tests, which
    /// read a response without libmicrohttpd.
    @_spi(InProcess) public var received: (fields: [(name: String, value: String)], body: [UInt8])? {
        let body: [UInt8]
        switch self.body {
        case .bytes(let bytes): body = bytes
        case .shared(let shared): body = Array(shared.storage)
        case .prepared(let prepared): body = Array(prepared.body.storage)
        case .stream: return nil
        }
        var fields = headers.withNoSniff.filter { field in
            !["content-length", "transfer-encoding"].contains(field.name.lowercased())
                && !(field.name + field.value).contains { $0 == "\r" || $0 == "\n" }
        }
        fields.append((name: "Content-Length", value: "\(body.count)"))
        return (fields, body)
    }

    /// The whole HTTP/1.1 response as bytes, for the one answer written behind libmicrohttpd
    /// (see `ConnectionTable.answerReceivingBodies`).
    func serialized() -> [UInt8] {
        let (fields, body) = received ?? ([(name: "Content-Length", value: "0")], [])
        var head = "HTTP/1.1 \(status) \(String(cString: CMicroHTTPDShim_reasonPhrase(UInt32(clamping: status))))\r\n"
        for field in fields { head += "\(field.name): \(field.value)\r\n" }
        return Array((head + "\r\n").utf8) + body
    }
}
