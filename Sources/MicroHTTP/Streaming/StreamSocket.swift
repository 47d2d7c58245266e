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
    /// Bytes the kernel holds unsent for the client (`TCP_NOTSENT_LOWAT`) before a send finds no
    /// room. A client that reads leaves next to none; one that stopped reading fills this much,
    /// and from then on libmicrohttpd waits for it to read, and each later write is an append,
    /// no copy into the kernel. Without it the kernel took a stalled client's bytes until the
    /// send buffer it had grown (megabytes) was full: every batch cost a send per stalled
    /// client, 10,000 sends for 10,000 of them, and a reading client's delivery p99 was seconds
    /// at 200 mutations a second (benchmarks/notes.md).
    static let maxUnsent: Int32 = 16 * 1024
    /// A client whose socket still holds more than this unread is not keeping up: its bytes go
    /// through libmicrohttpd rather than costing this writer a send each time.
    static let keptUp = 4 * 1024

    /// Nil when the socket is unknown.
    init?(_ connection: Connection) {
        guard let socket = ConnectionSocket(connection), let size = socket.sendBufferSize else { return nil }
        self.socket = socket
        queueLimit = size / 2
        socket.limitUnsentBytes(Self.maxUnsent)
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

    /// Sends `bytes` (not empty) as one HTTP/1.1 chunk if the client keeps up and the socket's
    /// queue has room. Only while the stream is parked.
    func sendChunk(_ bytes: [UInt8]) -> Outcome {
        let frame = CMicroHTTPDShim_chunkSize(bytes.count)
        guard let queued = socket.unsentBytes, queued <= Self.keptUp, queued + frame <= queueLimit else { return .notSent }
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
