import MicroHTTP
import MicroHTTPTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite struct RequestResponseTests {
    @Test func portZeroBindsARealPort() throws {
        try withServer(handlers: echoHandlers) { server in
            #expect(server.port > 0)
            let response = try TestHTTPConnection(port: server.port).request("GET", "/")
            #expect(response.status == 200)
        }
    }

    @Test func bindsIPv6() throws {
        try withServer(configure: { $0.host = "::1" }, handlers: echoHandlers) { server in
            let response = try TestHTTPConnection(host: "::1", port: server.port).request("GET", "/six")
            #expect(response.lines[1] == "path: /six")
        }
    }

    @Test func unresolvableHostIsReported() throws {
        var configuration = HTTPServerConfiguration()
        configuration.host = "no such host.invalid"
        #expect(throws: HTTPServerError.self) { try HTTPServer(configuration: configuration, handlers: echoHandlers).start() }
    }

    /// RFC 9110 §8.6 and §15.4.5: a 304 carries the 200's validators and length, and no body,
    /// so the next request on the connection is read where it starts.
    @Test func notModifiedKeepsThe200sLengthAndSendsNoBody() throws {
        let handlers = HTTPServerHandlers { _ in
            let ok = HTTPResponse(status: 200, headers: ["Content-Type": "text/plain", "ETag": #""v1""#, "Vary": "Accept-Encoding"], body: Array("hello".utf8))
            return .response(ok.notModified)
        }
        try withServer(handlers: handlers) { server in
            let client = try TestHTTPConnection(port: server.port)
            try client.send("GET /a HTTP/1.1\r\nHost: localhost\r\n\r\nGET /b HTTP/1.1\r\nHost: localhost\r\n\r\n")
            for _ in 0..<2 {
                let answer = try client.readResponse()
                #expect(answer.status == 304)
                #expect(answer.header("Content-Length") == "5")
                #expect(answer.header("ETag") == #""v1""# && answer.header("Vary") == "Accept-Encoding")
                #expect(answer.header("Content-Type") == nil)
            }
        }
    }

    @Test func getRoundTrip() throws {
        try withServer(handlers: echoHandlers) { server in
            let response = try TestHTTPConnection(port: server.port).request("GET", "/v1/trees")
            #expect(response.status == 200)
            #expect(response.header("content-type") == "text/plain")
            #expect(response.lines == ["method: GET", "path: /v1/trees", "x-probe: -", "body: "])
        }
    }

    @Test func postRoundTripOnAKeptAliveConnection() throws {
        try withServer(handlers: echoHandlers) { server in
            let connection = try TestHTTPConnection(port: server.port)
            for index in 0..<3 {
                let response = try connection.request("POST", "/items", body: Array("payload \(index)".utf8))
                #expect(response.status == 200)
                #expect(response.lines.last == "body: payload \(index)")
            }
        }
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() throws {
        try withServer(handlers: echoHandlers) { server in
            let connection = try TestHTTPConnection(port: server.port)
            try connection.send("GET /first HTTP/1.1\r\nHost: localhost\r\n\r\nPOST /second HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\n\r\nhi")
            #expect(try connection.readResponse().lines[1] == "path: /first")
            #expect(try connection.readResponse().lines.suffix(1) == ["body: hi"])
        }
    }

    @Test func queryIsDecodedAndPathIsNot() throws {
        try withServer(handlers: echoHandlers) { server in
            let response = try TestHTTPConnection(port: server.port)
                .request("GET", "/a%20b/c?after=17&name=hello+w%C3%B6rld&empty=&flag&bad=%zz")
            #expect(
                response.lines.dropLast(2) == [
                    "method: GET", "path: /a%20b/c", "query after: 17", "query name: hello wörld",
                    "query empty: ", "query flag: ", "query bad: %zz",
                ])
        }
    }

    @Test func headerNamesAreCaseInsensitive() throws {
        try withServer(handlers: echoHandlers) { server in
            let response = try TestHTTPConnection(port: server.port).request("GET", "/", headers: [("X-Probe", "one")])
            #expect(response.lines.contains("x-probe: one"))
        }
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        headers.add(name: "SET-COOKIE", value: "a")
        #expect(headers["content-type"] == "application/json")
        #expect(headers["Set-Cookie"] == "a")
        #expect(headers["Content-Typ"] == nil)
    }

    @Test func largeRequestHeadFitsTheConnectionMemory() throws {
        try withServer(handlers: echoHandlers) { server in
            let value = String(repeating: "v", count: 10_000)
            let response = try TestHTTPConnection(port: server.port).request("GET", "/", headers: [("X-Probe", value)])
            #expect(response.status == 200)
            #expect(response.lines.contains("x-probe: \(value)"))
        }
    }

    @Test func bodyIsGatheredAcrossPieces() throws {
        try withServer(handlers: echoHandlers) { server in
            let connection = try TestHTTPConnection(port: server.port)
            let body = String(repeating: "0123456789", count: 2_000)
            try connection.send("PUT /pieces HTTP/1.1\r\nHost: localhost\r\nContent-Length: \(body.utf8.count)\r\n\r\n")
            for piece in Array(body.utf8).chunked(into: 4_000) {
                usleepForPieces()
                try connection.send(Array(piece))
            }
            let response = try connection.readResponse()
            #expect(response.lines.last == "body: \(body)")
        }
    }

    @Test func chunkedRequestBodyIsGathered() throws {
        try withServer(handlers: echoHandlers) { server in
            let connection = try TestHTTPConnection(port: server.port)
            try connection.send("POST /chunked HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n")
            for piece in ["hello, ", "chunked ", "world"] {
                usleepForPieces()
                try connection.send(String(piece.utf8.count, radix: 16) + "\r\n" + piece + "\r\n")
            }
            try connection.send("0\r\n\r\n")
            #expect(try connection.readResponse().lines.last == "body: hello, chunked world")
        }
    }

    @Test func responseHeadersAndStatusAreSent() throws {
        let handlers = HTTPServerHandlers { _ in
            .response(HTTPResponse(status: 405, headers: ["Allow": "GET, POST", "X-Bad": "a\r\nInjected: yes"], body: Array("no".utf8)))
        }
        try withServer(handlers: handlers) { server in
            let response = try TestHTTPConnection(port: server.port).request("DELETE", "/")
            #expect(response.status == 405)
            #expect(response.header("Allow") == "GET, POST")
            #expect(response.header("Injected") == nil)
            #expect(response.text == "no")
        }
    }

    @Test func contentLengthAlwaysMatchesTheBody() throws {
        let handlers = HTTPServerHandlers { _ in
            .response(HTTPResponse(status: 200, headers: ["Content-Length": "999"], body: Array("abc".utf8)))
        }
        try withServer(handlers: handlers) { server in
            let connection = try TestHTTPConnection(port: server.port)
            let response = try connection.request("GET", "/")
            #expect(response.headers.filter { $0.name.lowercased() == "content-length" }.map(\.value) == ["3"])
            #expect(response.text == "abc")
            #expect(try connection.request("GET", "/").text == "abc")
        }
    }

    @Test func malformedRequestsNeverReachTheHandlers() throws {
        let reached = Collected<String>()
        let handlers = HTTPServerHandlers { request in
            reached.append(request.head.path)
            return .response(HTTPResponse(status: 200))
        }
        try withServer(handlers: handlers) { server in
            let malformed = [
                "GARBAGE\r\n\r\n",
                "GET / HTTP/1.1\r\nNo-Colon-Here\r\n\r\n",
                "GET / HTTP/1.1\r\nHost: localhost\r\nContent-Length: -5\r\n\r\n",
            ]
            for garbage in malformed {
                let connection = try TestHTTPConnection(port: server.port, timeout: 2)
                try connection.send(garbage)
                if let response = try? connection.readResponse() { #expect(response.status == 400) }
                #expect(connection.waitForClose(timeout: 2))
            }
            #expect(try TestHTTPConnection(port: server.port).request("GET", "/fine").status == 200)
            #expect(reached.all == ["/fine"])
        }
    }

    @Test func headHandlerAnswersBeforeTheBody() throws {
        let handlers = HTTPServerHandlers(
            head: { head in head.headers["Content-Type"] == "application/json" ? .readBody : .respond(HTTPResponse(status: 415)) },
            request: { _ in .response(HTTPResponse(status: 201)) }
        )
        try withServer(handlers: handlers) { server in
            let connection = try TestHTTPConnection(port: server.port)
            // The body is announced but never sent: the answer must not wait for it.
            try connection.send("POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\n")
            #expect(try connection.readResponse().status == 415)
            let accepted = try TestHTTPConnection(port: server.port)
                .request("POST", "/", headers: [("Content-Type", "application/json")], body: Array("{}".utf8))
            #expect(accepted.status == 201)
        }
    }
}

/// Lets each piece of a body leave as its own TCP segment, so the server reads it in parts.
func usleepForPieces() { usleep(20_000) }

extension Array {
    func chunked(into size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
