import Synchronization

/// A response body written from any thread. While nothing is pending the connection is
/// suspended, so an idle stream holds no thread.
public final class HTTPStream: Sendable {
    let state = Mutex(State())
    /// Paces this stream's wake-ups with others (nil: a write resumes it at once).
    let wakeWindow: HTTPStreamWakeWindow?

    /// `wakeWindow`: share one among streams that are written together (a fan-out), so that
    /// one write to all of them does not resume them all at once.
    public init(wakeWindow: HTTPStreamWakeWindow? = nil) {
        self.wakeWindow = wakeWindow
    }

    /// Queues bytes for the client. Returns false once the stream has ended (nothing queued).
    ///
    /// The bytes are kept, not copied: one array written to many streams is held once.
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        let (accepted, wake, ended) = state.withLock { state -> (Bool, WakeUp?, Ending?) in
            guard state.acceptsWrites else { return (false, nil, nil) }
            state.unsent.append(bytes)
            if state.unsent.count > state.backlogLimit {
                state.unsent = UnsentBytes()
                state.mustFail = true
                return (false, state.wakeUp(pacedBy: wakeWindow), state.end(.backlogExceeded))
            }
            return (true, state.wakeUp(pacedBy: wakeWindow), nil)
        }
        wake?.perform(for: self)
        ended?.notify()
        return accepted
    }

    /// Ends the response once everything queued has been sent.
    public func finish() {
        state.withLock { state -> WakeUp? in
            guard state.acceptsWrites else { return nil }
            state.isFinishing = true
            return state.wakeUp(pacedBy: wakeWindow)
        }?.perform(for: self)
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
        weak var server: HTTPServer?
        var backlogLimit = Int.max
        /// The connection's timeout once the stream is over and it carries requests again.
        var requestTimeout = 0
        var hasBeenAttached = false
        /// The connection is suspended waiting for bytes and nobody has resumed it yet.
        var isParked = false
        /// The stream waits in its wake window's queue.
        var isWakeQueued = false
        /// The window resumed the stream and counts it until libmicrohttpd reads from it.
        var holdsWakeSlot = false
        var isFinishing = false
        /// End the response with an error (the connection closes) instead of the last chunk.
        var mustFail = false
        var termination: HTTPStreamTermination?
        var terminationHandlers: [@Sendable (HTTPStreamTermination) -> Void] = []

        var acceptsWrites: Bool { termination == nil && !isFinishing }

        mutating func takeParkedConnection() -> Connection? {
            guard isParked else { return nil }
            isParked = false
            return connection
        }

        /// What a parked stream needs so that libmicrohttpd reads again: a resume now, or a
        /// place in the window's queue (once; the queued wake-up serves later writes too).
        mutating func wakeUp(pacedBy window: HTTPStreamWakeWindow?) -> WakeUp? {
            guard let window else { return takeParkedConnection().map(WakeUp.resume) }
            guard isParked, !isWakeQueued else { return nil }
            isWakeQueued = true
            return .enqueue(window)
        }

        /// Decides why the stream ended, once; the handlers run after the lock is released.
        mutating func end(_ termination: HTTPStreamTermination) -> Ending? {
            guard self.termination == nil else { return nil }
            self.termination = termination
            defer { terminationHandlers = [] }
            return Ending(termination: termination, handlers: terminationHandlers)
        }
    }

    /// Done after the stream's lock is released.
    enum WakeUp {
        case resume(Connection)
        case enqueue(HTTPStreamWakeWindow)

        func perform(for stream: HTTPStream) {
            switch self {
            case .resume(let connection): connection.resume()
            case .enqueue(let window): window.enqueue(stream)
            }
        }
    }

    struct Ending {
        let termination: HTTPStreamTermination
        let handlers: [@Sendable (HTTPStreamTermination) -> Void]

        func notify() { handlers.forEach { $0(termination) } }
    }
}
