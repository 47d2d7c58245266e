import CMicroHTTPDShim

/// The socket of a stream whose body libmicrohttpd sends in chunks. While the stream is parked
/// (suspended in its reader), libmicrohttpd has sent everything it had and neither polls nor
/// writes the socket (the invariant stated at `CMicroHTTPDShim_sendChunk`), so a write can go
/// out as a whole chunk from the writer's thread: one syscall instead of a resume, two epoll
/// changes, a reader call and a send on the server's threads, which then stay free for
/// requests. Nothing here waits: a socket without room is left to libmicrohttpd, and a chunk
/// cut short is finished when the socket has room again (`HTTPStream+CutChunk.swift`).
struct StreamSocket: Sendable {
    private let socket: ConnectionSocket
    /// Chunks are only sent while the send queue holds less than this, so that a chunk almost
    /// always fits whole (half the send buffer: the kernel also counts its own overhead).
    private let queueLimit: Int

    /// Nil when the socket is unknown.
    init?(_ connection: Connection) {
        guard let socket = ConnectionSocket(connection), let size = socket.sendBufferSize else { return nil }
        self.socket = socket
        queueLimit = size / 2
    }

    var descriptor: Int32 { socket.descriptor }

    enum Outcome: Equatable {
        /// The whole chunk is in the socket.
        case sent
        /// Nothing was sent (the queue is full, or the socket failed): the bytes go through
        /// libmicrohttpd, which also finds any error.
        case notSent
        /// The first `sent` bytes of the chunk's frame went out: the rest must follow before
        /// libmicrohttpd writes again.
        case cutShort(sent: Int)
    }

    /// Sends `bytes` (not empty) as one HTTP/1.1 chunk if the socket's queue has room. Only
    /// while the stream is parked.
    func sendChunk(_ bytes: [UInt8]) -> Outcome {
        let frame = CMicroHTTPDShim_chunkSize(bytes.count)
        guard let queued = socket.unsentBytes, queued + frame <= queueLimit else { return .notSent }
        let sent = socket.sendChunk(bytes, from: 0) ?? 0
        if sent == frame { return .sent }
        return sent == 0 ? .notSent : .cutShort(sent: sent)
    }

    /// Sends more of the chunk of `bytes` whose first `offset` frame bytes were sent; returns
    /// the new offset (the same when the socket has no room), nil when the socket failed.
    func continueChunk(_ bytes: [UInt8], from offset: Int) -> Int? {
        socket.sendChunk(bytes, from: offset).map { offset + $0 }
    }

    /// Whether `offset` is the end of the chunk of `bytes`.
    func isComplete(_ bytes: [UInt8], at offset: Int) -> Bool { offset >= CMicroHTTPDShim_chunkSize(bytes.count) }

    /// Frame bytes of `bytes`'s chunk still unsent past `offset`.
    func remaining(_ bytes: [UInt8], after offset: Int) -> Int { max(0, CMicroHTTPDShim_chunkSize(bytes.count) - offset) }
}
