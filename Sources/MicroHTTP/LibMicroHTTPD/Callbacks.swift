import CMicroHTTPDShim

/// The shim's callback table: C function pointers into `RequestContext`, with the server
/// retained for as long as the daemon may call them.
///
/// `@unchecked Sendable`: the table is written once, before the daemon starts, and only read
/// by the daemon until `release` after it stopped.
struct Callbacks: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<CMicroHTTPDShim_Callbacks>

    init(server: HTTPServer) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(
            to: CMicroHTTPDShim_Callbacks(
                server: Unmanaged.passRetained(server).toOpaque(),
                began: { server, _, state, target, refusesTarget in
                    // Every connection was opened with a state (`connectionChanged`).
                    guard let state else { return nil }
                    let server = Unmanaged<HTTPServer>.fromOpaque(server).takeUnretainedValue()
                    let connection = Unmanaged<ConnectionState>.fromOpaque(state).takeUnretainedValue()
                    let context = RequestContext(server: server, connection: connection, target: target)
                    refusesTarget.pointee = context.refusesTarget ? 1 : 0
                    return Unmanaged.passRetained(context).toOpaque()
                },
                bodyReceived: { context, _, bytes, count in
                    let context = Unmanaged<RequestContext>.fromOpaque(context).takeUnretainedValue()
                    context.receive(UnsafeRawBufferPointer(start: bytes, count: count))
                    return 1
                },
                ready: { context, connection, method, version in
                    let context = Unmanaged<RequestContext>.fromOpaque(context).takeUnretainedValue()
                    return context.progress(on: Connection(handle: connection), method: method, version: version) ? 1 : 0
                },
                ended: { context, completed in
                    Unmanaged<RequestContext>.fromOpaque(context).takeRetainedValue().ended(completed: completed != 0)
                },
                admitted: { server, _, _ in
                    // Past the limit and its answered margin a connection is closed at once. A
                    // draining server has closed its listening socket: none comes any more.
                    let server = Unmanaged<HTTPServer>.fromOpaque(server).takeUnretainedValue()
                    return server.connections.admits() ? 1 : 0
                },
                connectionChanged: { server, connection, state, opened in
                    let connections = Unmanaged<HTTPServer>.fromOpaque(server).takeUnretainedValue().connections
                    // libmicrohttpd keeps the state (retained) with the connection until it closes.
                    if opened != 0 {
                        return Unmanaged.passRetained(connections.opened(Connection(handle: connection))).toOpaque()
                    }
                    if let state {
                        connections.closed(Connection(handle: connection), Unmanaged<ConnectionState>.fromOpaque(state).takeRetainedValue())
                    }
                    return nil
                },
                errorLogged: server.configuration.errorLog == nil
                    ? nil
                    : { server, message in
                        let server = Unmanaged<HTTPServer>.fromOpaque(server).takeUnretainedValue()
                        server.configuration.errorLog?(String(cString: message).trimmingTrailingNewlines())
                    }
            )
        )
    }

    /// After the daemon stopped.
    func release() {
        Unmanaged<HTTPServer>.fromOpaque(pointer.pointee.server).release()
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }
}

extension String {
    fileprivate func trimmingTrailingNewlines() -> String {
        var trimmed = Substring(self)
        while trimmed.last?.isNewline == true { trimmed.removeLast() }
        return String(trimmed)
    }
}
