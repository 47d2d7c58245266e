import MicroHTTP
import MicroHTTPTestSupport
import Testing

@Suite struct BodyLimitTests {
    let handlers = HTTPServerHandlers(
        request: { request in .response(HTTPResponse(status: 200, body: Array("got \(request.body.count)".utf8))) },
        bodyTooLarge: { head in HTTPResponse(status: 413, body: Array("too large: \(head.path)".utf8)) }
    )

    func limited(_ configuration: inout HTTPServerConfiguration) { configuration.maxBodySize = 1_000 }

    @Test func contentLengthOverTheLimitIsAnsweredAtOnce() throws {
        try withServer(configure: limited, handlers: handlers) { server in
            let connection = try TestHTTPConnection(port: server.port)
            // Only the head is sent: a 413 that waited for the body would time out.
            try connection.send("POST /big HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1000000000\r\n\r\n")
            let response = try connection.readResponse()
            #expect(response.status == 413)
            #expect(response.text == "too large: /big")
            #expect(try TestHTTPConnection(port: server.port).request("POST", "/", body: [UInt8](repeating: 1, count: 1_000)).text == "got 1000")
        }
    }

    @Test func chunkedBodyOverTheLimitIsRefusedAndTheServerKeepsServing() throws {
        try withServer(configure: limited, handlers: handlers) { server in
            let connection = try TestHTTPConnection(port: server.port)
            try connection.send("POST /chunks HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n")
            let chunk = String(repeating: "x", count: 600)
            for _ in 0..<5 { try connection.send("258\r\n\(chunk)\r\n") }
            try connection.send("0\r\n\r\n")
            let response = try connection.readResponse()
            #expect(response.status == 413)
            #expect(response.text == "too large: /chunks")
            #expect(try TestHTTPConnection(port: server.port).request("POST", "/", body: Array("small".utf8)).text == "got 5")
        }
    }

}
