import MicroHTTP
import MicroHTTPTestSupport
import Testing

/// The context a head handler works out reaches the request handler of the same request,
/// with its own type; a head that answers keeps the body unread and the request handler idle.
@Suite struct HeadContextTests {
    /// What the head handler saw, for the request handler to report.
    private struct Sighting: Sendable {
        let path: String
        let announcedLength: Int?
    }

    @Test func headContextReachesTheRequestHandlerOfTheSameRequestOnly() throws {
        let handlers = HTTPServerHandlers<Sighting>(
            head: { head in .readBody(context: Sighting(path: head.path, announcedLength: head.headers["Content-Length"].flatMap { Int($0) })) },
            request: { request, sighting in
                let report = "\(sighting.path) announced \(sighting.announcedLength.map(String.init) ?? "none") got \(request.body.count)"
                return .response(HTTPResponse(status: 200, body: Array(report.utf8)))
            }
        )
        try withServer(handlers: handlers) { server in
            let connection = try TestHTTPConnection(port: server.port)
            #expect(try connection.request("POST", "/first", body: Array("body".utf8)).text == "/first announced 4 got 4")
            #expect(try connection.request("GET", "/second").text == "/second announced none got 0")
            #expect(try connection.request("POST", "/third", body: Array("longer body".utf8)).text == "/third announced 11 got 11")
        }
    }

    /// A context object is handed on, not copied: the request handler gets the very instance.
    @Test func aContextObjectReachesTheRequestHandlerItself() throws {
        let made = Collected<Marker>()
        let received = Collected<Bool>()
        let handlers = HTTPServerHandlers<Marker>(
            head: { _ in
                let marker = Marker()
                made.append(marker)
                return .readBody(context: marker)
            },
            request: { _, marker in
                received.append(made.all.last === marker)
                return .response(HTTPResponse(status: 204))
            }
        )
        try withServer(handlers: handlers) { server in
            let connection = try TestHTTPConnection(port: server.port)
            for _ in 0..<3 { #expect(try connection.request("POST", "/", body: [1, 2, 3]).status == 204) }
        }
        #expect(received.all == [true, true, true])
    }

    @Test func aHeadAnswerLeavesTheBodyUnreadAndTheRequestHandlerUncalled() throws {
        let answered = Collected<String>()
        let handlers = HTTPServerHandlers<Sighting>(
            head: { head in
                head.path == "/refused"
                    ? .respond(HTTPResponse(status: 403, body: Array("refused at the head".utf8)))
                    : .readBody(context: Sighting(path: head.path, announcedLength: nil))
            },
            request: { request, sighting in
                answered.append(sighting.path)
                return .response(HTTPResponse(status: 200, body: request.body))
            }
        )
        try withServer(handlers: handlers) { server in
            let refused = try TestHTTPConnection(port: server.port)
            // The body is announced but never sent: an answer that waited for it would time out.
            try refused.send("POST /refused HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\n")
            let answer = try refused.readResponse()
            #expect(answer.status == 403)
            #expect(answer.text == "refused at the head")
            let accepted = try TestHTTPConnection(port: server.port).request("POST", "/accepted", body: Array("read".utf8))
            #expect(accepted.status == 200)
            #expect(accepted.text == "read")
        }
        #expect(answered.all == ["/accepted"])
    }
}

/// A context object whose identity the test checks.
private final class Marker: Sendable {}
