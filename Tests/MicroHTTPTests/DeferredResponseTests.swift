import Dispatch
import MicroHTTP
import MicroHTTPTestSupport
import Testing

@Suite struct DeferredResponseTests {
    @Test func completedFromAnotherThread() throws {
        let deferring = DeferringHandler()
        let pending = deferring.pending
        try withServer(handlers: HTTPServerHandlers { _ in deferring.deferReply() }) { server in
            let connection = try TestHTTPConnection(port: server.port)
            try connection.sendRequest("GET", "/wait")
            let deferred = try #require(pending.wait(for: 1).first)
            DispatchQueue.global().async {
                deferred.complete(HTTPResponse(status: 200, body: Array("done later".utf8)))
                deferred.complete(HTTPResponse(status: 500))
            }
            let response = try connection.readResponse()
            #expect(response.status == 200)
            #expect(response.text == "done later")
            // The connection is usable afterwards.
            try connection.sendRequest("GET", "/again")
            pending.wait(for: 2).last?.complete(HTTPResponse(status: 204))
            #expect(try connection.readResponse().status == 204)
        }
    }

    @Test func completedBeforeTheHandlerReturns() throws {
        let handlers = HTTPServerHandlers { _ in
            let deferred = HTTPDeferredResponse()
            deferred.complete(HTTPResponse(status: 202, body: Array("at once".utf8)))
            return .deferred(deferred)
        }
        try withServer(handlers: handlers) { server in
            let response = try TestHTTPConnection(port: server.port).request("POST", "/", body: Array("x".utf8))
            #expect(response.status == 202)
            #expect(response.text == "at once")
        }
    }

    @Test func manyWaitingConnectionsHoldNoThread() throws {
        // Two pool threads, fifty waiting requests: only possible if waiting holds no thread.
        let deferring = DeferringHandler()
        let pending = deferring.pending
        try withServer(configure: { $0.threads = 2 }, handlers: HTTPServerHandlers { _ in deferring.deferReply() }) { server in
            let connections = try (0..<50).map { _ in try TestHTTPConnection(port: server.port) }
            for connection in connections { try connection.sendRequest("GET", "/wait") }
            let waiting = pending.wait(for: 50)
            #expect(waiting.count == 50)
            for (index, deferred) in waiting.enumerated() {
                deferred.complete(HTTPResponse(status: 200, body: Array("\(index)".utf8)))
            }
            let answers = try connections.map { try $0.readResponse().text }
            #expect(Set(answers) == Set((0..<50).map { "\($0)" }))
        }
    }

    @Test func cancelledWhenTheServerShutsDown() throws {
        let deferring = DeferringHandler()
        let server = try startServer(handlers: HTTPServerHandlers { _ in deferring.deferReply() })
        let connection = try TestHTTPConnection(port: server.port)
        try connection.sendRequest("GET", "/wait")
        _ = deferring.pending.wait(for: 1)
        server.shutdown(grace: 0.2)
        #expect(deferring.cancelled.all == [true])
        #expect(connection.waitForClose())
        // Completing after the cancel changes nothing and does not crash.
        deferring.pending.all.first?.complete(HTTPResponse(status: 200))
    }
}
