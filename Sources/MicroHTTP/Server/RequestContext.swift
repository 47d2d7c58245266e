#if canImport(Glibc)
import Glibc
#endif

/// One request's state between libmicrohttpd's callbacks. Only the connection's pool thread
/// touches it; libmicrohttpd holds it (retained) from the request line to the request's end.
final class RequestContext {
    let server: HTTPServer
    /// The connection's part of `HTTPServer.connections`.
    private let connectionState: ConnectionState
    /// The target's parts, read in the first callback: libmicrohttpd later decodes the
    /// target's bytes in place.
    private let target: HTTPRequestHead.Target
    /// The target passes `maxTargetLength` or `maxQueryParameters`: the request is answered
    /// `HTTPRejection.targetTooLong`, and its query is neither split here nor parsed by libmicrohttpd.
    let refusesTarget: Bool
    private var phase = Phase.awaitingHead
    /// The request handler bound to the head's context, while the body is read for it: kept
    /// apart from `phase`, whose every `switch` would otherwise copy (retain) the closure.
    private var answer: ((consuming HTTPRequest) -> HTTPReply)?
    private var head: HTTPRequestHead?
    private var body: [UInt8] = []
    private var stream: HTTPStream?
    private var deferred: HTTPDeferredResponse?
    /// The request lets libmicrohttpd send a body of unknown length in chunks (HTTP/1.1,
    /// not HEAD, connection kept); see `sendsChunks`.
    private var requestAllowsChunks = false

    private enum Phase {
        case awaitingHead
        /// Reading the body for `answer`.
        case receivingBody
        /// The body passed `maxBodySize`: the rest is read and dropped.
        case discardingBody
        case deferred
        case responded
    }

    init(server: HTTPServer, connection: ConnectionState, target: UnsafePointer<CChar>) {
        self.server = server
        self.connectionState = connection
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(target).assumingMemoryBound(to: UInt8.self), count: strlen(target))
        let configuration = server.configuration
        refusesTarget =
            bytes.count > configuration.maxTargetLength
            || HTTPRequestHead.queryParameterCount(of: bytes) > configuration.maxQueryParameters
        self.target = refusesTarget ? HTTPRequestHead.Target(path: "/", query: [], authority: nil) : HTTPRequestHead.split(target: bytes)
    }

    /// A piece of the body; never buffers past `maxBodySize`.
    func receive(_ piece: UnsafeRawBufferPointer) {
        guard case .receivingBody = phase else { return }
        if body.isEmpty { connectionState.setReceivingBody(true) }
        if body.count + piece.count > server.configuration.maxBodySize {
            phase = .discardingBody
            body = []
        } else {
            body.append(contentsOf: piece)
        }
    }

    /// libmicrohttpd lets the request progress; false closes the connection.
    func progress(on connection: Connection, method: UnsafePointer<CChar>, version: UnsafePointer<CChar>) -> Bool {
        switch phase {
        case .awaitingHead:
            connectionState.headArrived()
            let isPastLimit = connectionState.isPastLimit
            let head = HTTPRequestHead(
                method: CommonFieldText.string(cString: method), path: target.path, query: target.query,
                headers: connection.requestHeaders())
            self.head = head
            requestAllowsChunks =
                strcmp(version, "HTTP/1.1") == 0 && head.method != "HEAD"
                && head.headers["Connection"]?.lowercased().contains("close") != true
            if let rejection = rejection(of: head, isPastLimit: isPastLimit, isHTTP10: strcmp(version, "HTTP/1.0") == 0) {
                return respond(server.rejection(rejection), on: connection)
            }
            switch server.runHandler({ server.handlers.head(head) }) {
            case .respond(let response):
                return respond(response, on: connection)
            case .readBody(let answer):
                if let response = tooLargeByContentLength(head) { return respond(response, on: connection) }
                phase = .receivingBody
                self.answer = answer
                // Without `Expect: 100-continue` nothing is sent before the body: a body cut
                // short by shutdown can be answered from now on (see `ConnectionTable`).
                if head.headers["Expect"] == nil { connectionState.setReceivingBody(true) }
                return true
            }
        case .receivingBody:
            connectionState.setReceivingBody(false)
            if server.isStopping { return respond(server.rejection(.shuttingDown), on: connection) }
            // Head and body move into the request, which the handler then owns.
            var body: [UInt8] = []
            swap(&body, &self.body)
            server.handlerStarted()
            let reply = answer.take()!(HTTPRequest(head: head.take()!, body: body))
            server.handlerEnded()
            switch reply {
            case .response(let response):
                return respond(response, on: connection)
            case .deferred(let deferred):
                self.deferred = deferred
                phase = .deferred
                if !server.register(deferred) { deferred.cancel() }
                return wait(for: deferred, on: connection)
            }
        case .discardingBody:
            connectionState.setReceivingBody(false)
            return respond(server.runHandler { server.handlers.bodyTooLarge(head!) }, on: connection)
        case .deferred:
            return wait(for: deferred!, on: connection)
        case .responded:
            return true
        }
    }

    /// The request is over; ends what is still attached to it.
    func ended(completed: Bool) {
        server.connections.requestEnded(on: connectionState)
        stream?.connectionEnded(completed: completed)
        if let deferred {
            deferred.cancel()
            server.unregister(deferred)
        }
    }

    /// Whether libmicrohttpd will send this stream's body in chunks: only then may a parked
    /// stream write chunks to the socket itself. Headers that change the framing keep it on
    /// libmicrohttpd's path.
    private func sendsChunks(_ response: HTTPResponse) -> Bool {
        requestAllowsChunks && response.headers["Connection"] == nil && response.headers["Content-Length"] == nil
            && response.headers["Transfer-Encoding"] == nil
    }

    /// Why the server refuses the request itself, if it does. Only an HTTP/1.0 request may come
    /// without `Host`; an absolute-form target's host stands for the field (RFC 9112 §3.2.2).
    private func rejection(of head: HTTPRequestHead, isPastLimit: Bool, isHTTP10: Bool) -> HTTPRejection? {
        if isPastLimit { return .connectionLimit }
        if refusesTarget { return .targetTooLong }
        let fields = FramingFields(head.headers)
        if fields.hostCount > 1 || (fields.hostCount == 0 && !isHTTP10) || target.authority?.isEmpty == true {
            return .invalidHost
        }
        if let allowedHosts = server.allowedHosts, let host = target.authority ?? fields.host, !allowedHosts.allows(host) {
            return .hostNotAllowed
        }
        return fields.isAmbiguous ? .ambiguousFraming : nil
    }

    private func tooLargeByContentLength(_ head: HTTPRequestHead) -> HTTPResponse? {
        guard let length = head.headers["Content-Length"].flatMap({ Int($0) }),
            length > server.configuration.maxBodySize
        else { return nil }
        return server.runHandler { server.handlers.bodyTooLarge(head) }
    }

    private func wait(for deferred: HTTPDeferredResponse, on connection: Connection) -> Bool {
        switch deferred.outcome(on: connection) {
        case .respond(let response): respond(response, on: connection)
        case .wait: true
        case .close: false
        }
    }

    private func respond(_ response: HTTPResponse, on connection: Connection) -> Bool {
        phase = .responded
        // Draining: the client must not send another request on this connection.
        var response = response
        if server.isStopping, response.headers["Connection"] == nil { response.headers.set(name: "Connection", value: "close") }
        if case .stream(let stream) = response.body {
            let socket = sendsChunks(response) ? StreamSocket(connection) : nil
            guard stream.attach(to: connection, socket: socket, server: server) else { return false }
            self.stream = stream
        }
        return connection.queue(response)
    }
}
