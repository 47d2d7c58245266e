import Synchronization

/// A response decided later (e.g. `?wait=true`): the connection stays suspended until
/// `complete` is called, from any thread.
public final class HTTPDeferredResponse: Sendable {
    let state = Mutex(State())

    public init() {}

    /// Sends `response`; later calls are ignored.
    public func complete(_ response: HTTPResponse) {
        state.withLock { state -> Connection? in
            guard state.response == nil, !state.isCancelled else { return nil }
            state.response = response
            state.cancelHandlers = []
            guard case .parked(let connection) = state.phase else { return nil }
            state.phase = .resuming
            return connection
        }?.resume()
    }

    /// The response `complete` gave, once it has; for in-process tests, which have no
    /// connection to park.
    @_spi(InProcess) public var completedResponse: HTTPResponse? { state.withLock { $0.response } }

    /// Called once if the connection ends before `complete` (client gone, server shutdown).
    public func onCancel(_ handler: @escaping @Sendable () -> Void) {
        let isCancelled = state.withLock { state in
            if !state.isCancelled && state.response == nil { state.cancelHandlers.append(handler) }
            return state.isCancelled
        }
        if isCancelled { handler() }
    }
}

extension HTTPDeferredResponse {
    struct State {
        var phase = Phase.detached
        var response: HTTPResponse?
        var isCancelled = false
        var cancelHandlers: [@Sendable () -> Void] = []
    }

    enum Phase {
        case detached
        /// Suspended, waiting for `complete`.
        case parked(Connection)
        /// `complete` resumed the connection; libmicrohttpd will ask for the response.
        case resuming
        case sent
    }

    /// What the connection does next.
    enum Outcome {
        case respond(HTTPResponse)
        case wait
        case close
    }

    /// The handler returned this deferred response: send it now if it is already complete,
    /// else park the connection. Only from the connection's access handler.
    func outcome(on connection: Connection) -> Outcome {
        state.withLock { state in
            if state.isCancelled { return .close }
            if let response = state.response {
                state.phase = .sent
                return .respond(response)
            }
            // Suspended under the lock, so a `complete` that sees `.parked` resumes after it.
            state.phase = .parked(connection)
            connection.suspend()
            return .wait
        }
    }

    /// Ends the wait without a response (shutdown, or the request is over). Resumes the
    /// connection if it is parked, so that it can close.
    func cancel() {
        let (wake, handlers) = state.withLock { state -> (Connection?, [@Sendable () -> Void]) in
            guard state.response == nil, !state.isCancelled else { return (nil, []) }
            state.isCancelled = true
            defer { state.cancelHandlers = [] }
            guard case .parked(let connection) = state.phase else { return (nil, state.cancelHandlers) }
            state.phase = .resuming
            return (connection, state.cancelHandlers)
        }
        wake?.resume()
        handlers.forEach { $0() }
    }
}
