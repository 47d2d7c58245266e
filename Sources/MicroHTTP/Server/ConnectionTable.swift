import CMicroHTTPDShim
import Synchronization

/// Every open connection, between libmicrohttpd's notifications of its opening and closing:
/// how many there are (the connection limit), which must deliver a request head by a deadline,
/// and which are receiving a request body (answered at shutdown).
///
/// A connection's socket is only touched (`CMicroHTTPDShim_abortSocket`, a final answer) under
/// the lock while its entry exists: libmicrohttpd closes the socket only after the closing
/// notification, which removes the entry under the same lock, so the descriptor is never
/// another connection's.
final class ConnectionTable: Sendable {
    private let state = Mutex(State())
    private let limit: Int
    private let headTimeout: Duration

    /// Connections past the limit whose request is still answered (503) rather than closed at
    /// once; beyond them new connections are closed unanswered.
    static let limitAnswers = 64

    private struct State {
        /// By `UInt(bitPattern:)` of the connection's handle.
        var entries: [UInt: Entry] = [:]
        /// Connections whose next request head is due, and when.
        var headDeadlines: [UInt: ContinuousClock.Instant] = [:]
        /// Entries with `isReceivingBody`.
        var receivingBodies = 0

        mutating func setReceivingBody(_ isReceiving: Bool, key: UInt) {
            guard let entry = entries[key], entry.isReceivingBody != isReceiving else { return }
            entries[key]?.isReceivingBody = isReceiving
            receivingBodies += isReceiving ? 1 : -1
        }
    }

    private struct Entry {
        let socket: Int32
        let isPastLimit: Bool
        /// Receiving a request body; see `receivingBody(_:on:)`.
        var isReceivingBody = false
    }

    init(limit: Int, headTimeout: Double) {
        self.limit = limit
        self.headTimeout = .milliseconds(Int(max(0.001, headTimeout) * 1000))
    }

    /// libmicrohttpd's own limit: above every connection this table admits, so that it never
    /// stops accepting (new clients would then wait in the backlog unanswered). One more per
    /// pool thread, for connections admitted at the same moment on different threads.
    func libMicroHTTPDLimit(threads: Int) -> Int { limit + Self.limitAnswers + threads }

    /// Whether a new client may connect at all.
    func admits() -> Bool {
        state.withLock { $0.entries.count < limit + Self.limitAnswers }
    }

    func opened(_ connection: Connection) {
        let key = Self.key(connection)
        let socket = CMicroHTTPDShim_connectionSocket(connection.handle)
        let deadline = ContinuousClock.now + headTimeout
        state.withLock { state in
            state.entries[key] = Entry(socket: socket, isPastLimit: state.entries.count >= limit)
            state.headDeadlines[key] = deadline
        }
    }

    func closed(_ connection: Connection) {
        let key = Self.key(connection)
        state.withLock { state in
            state.setReceivingBody(false, key: key)
            state.entries[key] = nil
            state.headDeadlines[key] = nil
        }
    }

    /// A request head arrived: its deadline is met. Returns whether the connection was opened
    /// past the limit (its request is then refused).
    func headArrived(on connection: Connection) -> Bool {
        let key = Self.key(connection)
        return state.withLock { state in
            state.headDeadlines[key] = nil
            return state.entries[key]?.isPastLimit ?? false
        }
    }

    /// A request ended; if the connection stays open, its next head is due after `headTimeout`.
    func requestEnded(on connection: Connection) {
        let key = Self.key(connection)
        let deadline = ContinuousClock.now + headTimeout
        state.withLock { state in
            guard state.entries[key] != nil else { return }
            state.setReceivingBody(false, key: key)
            state.headDeadlines[key] = deadline
        }
    }

    func receivingBody(_ isReceiving: Bool, on connection: Connection) {
        let key = Self.key(connection)
        state.withLock { $0.setReceivingBody(isReceiving, key: key) }
    }

    /// Closes every connection whose request head is overdue; libmicrohttpd then ends it.
    func abortOverdueHeads(now: ContinuousClock.Instant) {
        state.withLock { state in
            for (key, deadline) in state.headDeadlines where deadline <= now {
                state.headDeadlines[key] = nil
                if let socket = state.entries[key]?.socket, socket >= 0 { CMicroHTTPDShim_abortSocket(socket) }
            }
        }
    }

    var receivingBodies: Int { state.withLock { $0.receivingBodies } }

    /// Shutdown: sends `answer` (a whole response that closes the connection) to every
    /// connection still receiving a request body, then closes it. libmicrohttpd writes nothing
    /// there before the body is complete (see `CMicroHTTPDShim_sendBytes`).
    func answerReceivingBodies(with answer: [UInt8]) {
        state.withLock { state in
            for (key, entry) in state.entries where entry.isReceivingBody && entry.socket >= 0 {
                _ = answer.withUnsafeBytes { CMicroHTTPDShim_sendBytes(entry.socket, $0.baseAddress!, $0.count) }
                CMicroHTTPDShim_abortSocket(entry.socket)
                state.setReceivingBody(false, key: key)
            }
        }
    }

    private static func key(_ connection: Connection) -> UInt { UInt(bitPattern: Int(bitPattern: connection.handle)) }
}
