import CMicroHTTPDShim

/// The stream's side of its connection: libmicrohttpd pulls the bytes, and parks the
/// connection while there are none.
extension HTTPStream {
    /// Binds the stream to the connection that sends it; a stream is sent once. `socket` is
    /// given when libmicrohttpd sends the body in chunks: writes to the parked stream then go
    /// straight to it.
    func attach(to connection: Connection, socket: StreamSocket?, server: HTTPServer) -> Bool {
        let isFirst = state.withLock { state in
            defer { state.hasBeenAttached = true }
            return !state.hasBeenAttached
        }
        guard isFirst else { return false }
        let accepted = server.register(self)
        let ended = state.withLock { state -> Ending? in
            state.connection = connection
            state.socket = socket
            state.server = server
            state.backlogLimit = server.configuration.maxStreamBacklog
            state.requestTimeout = server.configuration.connectionTimeout
            guard accepted else {
                state.isFinishing = true
                return state.end(.serverShutdown)
            }
            return nil
        }
        ended?.notify()
        return true
    }

    func makeLibMicroHTTPDResponse() -> OpaquePointer? {
        let retained = Unmanaged.passRetained(self)
        let response = CMicroHTTPDShim_createStreamResponse(
            retained.toOpaque(),
            { stream, _, buffer, capacity in
                Unmanaged<HTTPStream>.fromOpaque(stream!).takeUnretainedValue().read(into: buffer, capacity: capacity)
            },
            { stream in Unmanaged<HTTPStream>.fromOpaque(stream!).release() }
        )
        if response == nil { retained.release() }
        return response
    }

    /// libmicrohttpd's content reader, on the connection's pool thread: queued bytes, the
    /// end, or nothing — then the connection is suspended (the only legal place besides the
    /// access handler), so an idle stream costs no polling and no thread.
    private func read(into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
        state.withLock { state in
            let count = state.unsent.move(into: buffer, capacity: capacity)
            if count > 0 { return count }
            if state.mustFail { return CMicroHTTPDShim_StreamFailed }
            guard let connection = state.connection else { return CMicroHTTPDShim_StreamFailed }
            if state.isFinishing {
                connection.setTimeout(state.requestTimeout)
                return CMicroHTTPDShim_StreamEnded
            }
            // Suspended under the lock, so a `write` that sees `isParked` resumes after it.
            state.isParked = true
            connection.suspend()
            return 0
        }
    }

    /// The request is over: everything was sent (`completed`) or the connection failed.
    func connectionEnded(completed: Bool) {
        let (server, ended) = state.withLock { state -> (HTTPServer?, Ending?) in
            state.connection = nil
            state.socket = nil
            state.isParked = false
            state.cutChunk = nil
            state.roomWatch?.cancel()
            state.unsent = UnsentBytes()
            defer { state.server = nil }
            return (state.server, state.end(completed ? .finished : .clientGone))
        }
        ended?.notify()
        server?.unregister(self)
    }

    /// Shutdown has begun: stop taking writes but flush what is queued. A stream already
    /// finishing keeps flushing and may still end `.finished`.
    func endForShutdown() {
        let (wake, ended) = state.withLock { state -> (Connection?, Ending?) in
            guard !state.isFinishing else { return (nil, nil) }
            state.isFinishing = true
            return (state.takeParkedConnection(), state.end(.serverShutdown))
        }
        wake?.resume()
        ended?.notify()
    }

    /// Shutdown's grace is over: close the connection without sending the rest.
    func failForShutdown() {
        let (wake, ended) = state.withLock { state -> (Connection?, Ending?) in
            state.mustFail = true
            state.isFinishing = true
            return (state.takeParkedConnection(), state.end(.serverShutdown))
        }
        wake?.resume()
        ended?.notify()
    }
}
