import Dispatch
import MicroHTTP
import MicroHTTPTestSupport
import Testing

@Suite struct DeferredResponseTests {
    @Test func completedFromAnotherThread() throws {
        let pending = Collected<HTTPDeferredResponse>()
        let handlers = HTTPServerHandlers { request in
            let deferred = HTTPDeferredResponse()
            pending.append(deferred)
            return .deferred(deferred)
        }
        try withServer(handlers: handlers) { server in
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
        let pending = Collected<HTTPDeferredResponse>()
        let handlers = HTTPServerHandlers { _ in
            let deferred = HTTPDeferredResponse()
            pending.append(deferred)
            return .deferred(deferred)
        }
        try withServer(configure: { $0.threads = 2 }, handlers: handlers) { server in
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
        let cancelled = Collected<Bool>()
        let pending = Collected<HTTPDeferredResponse>()
        let handlers = HTTPServerHandlers { _ in
            let deferred = HTTPDeferredResponse()
            deferred.onCancel { cancelled.append(true) }
            pending.append(deferred)
            return .deferred(deferred)
        }
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        let server = HTTPServer(configuration: configuration, handlers: handlers)
        try server.start()
        let connection = try TestHTTPConnection(port: server.port)
        try connection.sendRequest("GET", "/wait")
        _ = pending.wait(for: 1)
        server.shutdown(grace: 0.2)
        #expect(cancelled.all == [true])
        #expect(connection.waitForClose())
        // Completing after the cancel changes nothing and does not crash.
        pending.all.first?.complete(HTTPResponse(status: 200))
    }
}
