import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Every open connection, between libmicrohttpd's notifications of its opening and closing:
/// how many there are (the connection limit), which must deliver a request head by a deadline,
/// and which are receiving a request body (answered at shutdown).
///
/// The table itself changes only when a connection opens or closes; what changes per request
/// (the head deadline, whether a body is arriving) lives in the connection's own
/// `ConnectionState`, which libmicrohttpd keeps with the connection and hands to each request:
/// a request touches no lock and no dictionary.
///
/// A connection's socket is only touched (`ConnectionSocket.abort`, a final answer) under the
/// lock while its entry exists: libmicrohttpd closes the socket only after the closing
/// notification, which removes the entry under the same lock, so the descriptor is never
/// another connection's.
final class ConnectionTable: Sendable {
    private let entries = Mutex([UInt: ConnectionState]())
    private let limit: Int
    /// `requestHeadTimeout` in nanoseconds.
    private let headTimeout: Int64
    /// Connections with `isReceivingBody`.
    private let receivingBodyCount = Atomic<Int>(0)

    /// Connections past the limit whose request is still answered (503) rather than closed at
    /// once; beyond them new connections are closed unanswered.
    static let limitAnswers = 64

    init(limit: Int, headTimeout: Double) {
        self.limit = limit
        self.headTimeout = Int64(max(0.001, headTimeout) * 1_000_000_000)
    }

    /// libmicrohttpd's own limit: above every connection this table admits, so that it never
    /// stops accepting (new clients would then wait in the backlog unanswered). One more per
    /// pool thread, for connections admitted at the same moment on different threads.
    func libMicroHTTPDLimit(threads: Int) -> Int { limit + Self.limitAnswers + threads }

    /// Whether a new client may connect at all.
    func admits() -> Bool {
        entries.withLock { $0.count < limit + Self.limitAnswers }
    }

    /// A connection was set up: its state, whose first request head is due after `headTimeout`.
    func opened(_ connection: Connection) -> ConnectionState {
        let socket = ConnectionSocket(connection)
        let deadline = Self.now() + headTimeout
        return entries.withLock { entries in
            let state = ConnectionState(table: self, socket: socket, isPastLimit: entries.count >= limit, headDeadline: deadline)
            entries[Self.key(connection)] = state
            return state
        }
    }

    func closed(_ connection: Connection, _ state: ConnectionState) {
        entries.withLock { entries in
            state.setReceivingBody(false)
            state.headArrived()
            entries[Self.key(connection)] = nil
        }
    }

    /// A request ended; if the connection stays open, its next head is due after `headTimeout`.
    func requestEnded(on state: ConnectionState) {
        state.setReceivingBody(false)
        state.awaitHead(by: Self.now() + headTimeout)
    }

    /// Closes every connection whose request head is overdue; libmicrohttpd then ends it.
    func abortOverdueHeads() {
        let now = Self.now()
        entries.withLock { entries in
            for state in entries.values where state.headIsOverdue(at: now) { state.socket?.abort() }
        }
    }

    var receivingBodies: Int { receivingBodyCount.load(ordering: .acquiring) }

    fileprivate func countReceivingBody(_ change: Int) { receivingBodyCount.add(change, ordering: .releasing) }

    /// Shutdown: sends `answer` (a whole response that closes the connection) to every
    /// connection still receiving a request body, then closes it. libmicrohttpd writes nothing
    /// there before the body is complete (see `ConnectionSocket`).
    func answerReceivingBodies(with answer: [UInt8]) {
        entries.withLock { entries in
            for state in entries.values where state.isReceivingBody {
                guard let socket = state.socket else { continue }
                socket.answerAndAbort(answer)
                state.setReceivingBody(false)
            }
        }
    }

    /// Shutdown: closes every connection waiting for a request head (kept alive after its last
    /// answer, or opened and silent); connections busy with a request finish it.
    func closeIdle() {
        entries.withLock { entries in
            for state in entries.values where state.isAwaitingHead && !state.isReceivingBody { state.socket?.abort() }
        }
    }

    /// Monotonic nanoseconds (vDSO, no system call): deadlines are compared as plain integers.
    private static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    private static func key(_ connection: Connection) -> UInt { UInt(bitPattern: Int(bitPattern: connection.handle)) }
}

/// One open connection's part of `ConnectionTable`, handed by libmicrohttpd to each of the
/// connection's requests. Its request's pool thread writes it; the head watch and shutdown read
/// it from other threads, hence the atomics.
final class ConnectionState: Sendable {
    /// Strong: the table drops its entry when the connection closes, which ends the cycle.
    private let table: ConnectionTable
    /// Nil when libmicrohttpd did not know it.
    let socket: ConnectionSocket?
    /// Opened past the connection limit: its request is refused.
    let isPastLimit: Bool
    /// When the next request head is due (monotonic nanoseconds); 0 while none is awaited.
    private let headDeadline: Atomic<Int64>
    private let receivingBody = Atomic<Bool>(false)

    fileprivate init(table: ConnectionTable, socket: ConnectionSocket?, isPastLimit: Bool, headDeadline: Int64) {
        self.table = table
        self.socket = socket
        self.isPastLimit = isPastLimit
        self.headDeadline = Atomic(headDeadline)
    }

    var isReceivingBody: Bool { receivingBody.load(ordering: .relaxed) }

    /// Whether a body is arriving whose sender is told, at shutdown, that it is refused (see
    /// `ConnectionTable.answerReceivingBodies`).
    func setReceivingBody(_ isReceiving: Bool) {
        guard receivingBody.exchange(isReceiving, ordering: .acquiringAndReleasing) != isReceiving else { return }
        table.countReceivingBody(isReceiving ? 1 : -1)
    }

    /// Whether no request is under way: the next head is awaited.
    var isAwaitingHead: Bool { headDeadline.load(ordering: .relaxed) != 0 }

    /// The request head arrived: its deadline is met.
    func headArrived() { headDeadline.store(0, ordering: .relaxed) }

    fileprivate func awaitHead(by deadline: Int64) { headDeadline.store(deadline, ordering: .relaxed) }

    /// Whether the awaited head is past its deadline at `now`; if so, it is no longer awaited (a
    /// head arriving at the same moment wins or loses whole, never both).
    fileprivate func headIsOverdue(at now: Int64) -> Bool {
        let deadline = headDeadline.load(ordering: .relaxed)
        guard deadline != 0, deadline <= now else { return false }
        return headDeadline.compareExchange(expected: deadline, desired: 0, ordering: .relaxed).exchanged
    }
}
