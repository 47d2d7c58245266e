import CMicroHTTPDShim

/// A connection's socket, for what MicroHTTP does to it beside libmicrohttpd. Every write there
/// goes through here, and only while the invariant stated at `CMicroHTTPDShim_sendChunk` holds:
/// a parked chunked stream (`StreamSocket`) or a request body still arriving at shutdown
/// (`ConnectionTable.answerReceivingBodies`). Nothing here blocks or raises SIGPIPE.
struct ConnectionSocket: Sendable {
    let descriptor: Int32

    /// Nil when libmicrohttpd does not know the socket.
    init?(_ connection: Connection) {
        descriptor = CMicroHTTPDShim_connectionSocket(connection.handle)
        guard descriptor >= 0 else { return nil }
    }

    /// Bytes queued and not yet acknowledged by the peer; nil on error.
    var unsentBytes: Int? {
        let count = CMicroHTTPDShim_unsentSocketBytes(descriptor)
        return count < 0 ? nil : Int(count)
    }

    /// The send buffer, the kernel's own overhead included; nil on error.
    var sendBufferSize: Int? {
        let size = CMicroHTTPDShim_sendBufferSize(descriptor)
        return size <= 0 ? nil : Int(size)
    }

    /// Caps the bytes the kernel holds unsent (`TCP_NOTSENT_LOWAT`): past it a send finds no room.
    func limitUnsentBytes(_ limit: Int32) { CMicroHTTPDShim_limitUnsentBytes(descriptor, limit) }

    /// Sends the HTTP/1.1 chunk of `bytes` (not empty) from `offset` bytes into its frame;
    /// returns the frame bytes sent (0 when the socket has no room), nil when it failed.
    func sendChunk(_ bytes: [UInt8], from offset: Int) -> Int? {
        let sent = bytes.withUnsafeBytes { CMicroHTTPDShim_sendChunk(descriptor, $0.baseAddress!, $0.count, offset) }
        return sent < 0 ? nil : sent
    }

    /// Sends `response`, the connection's only answer, as far as the socket takes it, then
    /// shuts the socket down.
    func answerAndAbort(_ response: [UInt8]) {
        _ = response.withUnsafeBytes { CMicroHTTPDShim_sendBytes(descriptor, $0.baseAddress!, $0.count) }
        abort()
    }

    /// Shuts the socket down both ways: libmicrohttpd finds the peer gone and closes the
    /// connection on its own thread. Only while the connection is open (see `ConnectionTable`).
    func abort() { CMicroHTTPDShim_abortSocket(descriptor) }
}
