import Dispatch
import Synchronization

/// A response body written from any thread. While nothing is pending the connection is
/// suspended, so an idle stream holds no thread.
public final class HTTPStream: Sendable {
    let state = Mutex(State())

    public init() {}

    /// Queues bytes for the client. Returns false once the stream has ended (nothing queued).
    ///
    /// The array is kept, not copied: one batch written to 10,000 streams is held once. A
    /// parked chunked stream sends it to the socket on the caller's thread instead (see
    /// `StreamSocket`); it is queued only when the socket has no room. Never waits for the
    /// client: a caller writing to many streams is not slowed by one that reads slowly.
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        let (accepted, wake, ended) = state.withLock { state -> (Bool, Connection?, Ending?) in
            guard state.acceptsWrites else { return (false, nil, nil) }
            // Parked means nothing is queued and libmicrohttpd left the socket alone. An empty
            // write would be the last chunk: it takes the old way. While a watch for room is
            // still ending, writes queue: one watch at a time.
            if state.isParked, state.cutChunk == nil, state.roomWatch == nil, !bytes.isEmpty, let socket = state.socket {
                switch socket.sendChunk(bytes) {
                case .sent:
                    return (true, nil, nil)
                case .notSent:
                    break
                case .cutShort(let sent):
                    state.cutChunk = (bytes, sent)
                    state.roomWatch = watchForRoom(on: socket)
                    state.server?.countChunkCutShort()
                    return (true, nil, nil)
                }
            }
            // Only what was written before the newest write, besides a chunk the socket is still
            // taking, counts against the limit: a reader that drained everything older keeps
            // up, however large one write is (the kernel holds little of it, `maxUnsent`).
            if state.unsent.countBeforeNewest > state.backlogLimit {
                state.unsent = UnsentBytes()
                state.mustFail = true
                return (false, state.takeParkedConnection(), state.end(.backlogExceeded))
            }
            state.unsent.append(bytes)
            return (true, state.takeParkedConnection(), nil)
        }
        wake?.resume()
        ended?.notify()
        return accepted
    }

    /// Ends the response once everything queued has been sent.
    public func finish() {
        state.withLock { state -> Connection? in
            guard state.acceptsWrites else { return nil }
            state.isFinishing = true
            return state.takeParkedConnection()
        }?.resume()
    }

    /// False once the stream has ended for any reason, or `finish()` was called: from then
    /// on `write` queues nothing.
    public var isActive: Bool { state.withLock { $0.acceptsWrites } }

    /// Called once, on any thread, when the stream ends (immediately if it already has).
    public func onTermination(_ handler: @escaping @Sendable (HTTPStreamTermination) -> Void) {
        let ended = state.withLock { state -> HTTPStreamTermination? in
            guard let termination = state.termination else {
                state.terminationHandlers.append(handler)
                return nil
            }
            return termination
        }
        if let ended { handler(ended) }
    }
}

extension HTTPStream {
    struct State {
        var unsent = UnsentBytes()
        var connection: Connection?
        /// Set while the connection sends the body in chunks.
        var socket: StreamSocket?
        weak var server: HTTPServer?
        var backlogLimit = Int.max
        /// The connection's timeout once the stream is over and it carries requests again.
        var requestTimeout = 0
        var hasBeenAttached = false
        /// The connection is suspended waiting for bytes and nobody has resumed it yet.
        var isParked = false
        /// A chunk the socket took only part of, and how many bytes of its frame went out: until
        /// it is finished the connection stays parked (libmicrohttpd's next chunk would land in
        /// its middle) and later writes queue behind it.
        var cutChunk: (bytes: [UInt8], sent: Int)?
        /// Watches the socket for room while `cutChunk` is pending; its cancel handler resumes
        /// the connection if there is more to do.
        var roomWatch: (any DispatchSourceWrite)?
        var isFinishing = false
        /// End the response with an error (the connection closes) instead of the last chunk.
        var mustFail = false
        var termination: HTTPStreamTermination?
        var terminationHandlers: [@Sendable (HTTPStreamTermination) -> Void] = []

        var acceptsWrites: Bool { termination == nil && !isFinishing }

        /// The connection to resume, if parked. While a chunk is cut short, or dispatch still
        /// watches the socket, it stays parked (libmicrohttpd could close the socket under
        /// the watch); a failing stream stops watching instead, and the watch's end resumes it.
        mutating func takeParkedConnection() -> Connection? {
            guard isParked else { return nil }
            guard cutChunk == nil, roomWatch == nil else {
                if mustFail { roomWatch?.cancel() }
                return nil
            }
            isParked = false
            return connection
        }

        /// Decides why the stream ended, once; the handlers run after the lock is released.
        mutating func end(_ termination: HTTPStreamTermination) -> Ending? {
            guard self.termination == nil else { return nil }
            self.termination = termination
            defer { terminationHandlers = [] }
            return Ending(termination: termination, handlers: terminationHandlers)
        }
    }

    struct Ending {
        let termination: HTTPStreamTermination
        let handlers: [@Sendable (HTTPStreamTermination) -> Void]

        func notify() { handlers.forEach { $0(termination) } }
    }
}
