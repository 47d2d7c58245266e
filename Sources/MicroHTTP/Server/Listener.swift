import CMicroHTTPDShim
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The server's listening socket and the thread that accepts from it, handing each connection
/// to libmicrohttpd. Owned here rather than by libmicrohttpd so that shutdown can stop
/// accepting for real: the socket closes, and new clients are refused at once (a proxy tries
/// another instance) instead of being accepted and reset. libmicrohttpd 0.9.75 has no safe way
/// to close its own listening socket early (see `HTTPServer.shutdown`).
final class Listener: Sendable {
    let socket: Int32
    private let wake: Int32
    private let state = Mutex(State.idle)

    private enum State {
        case idle
        case accepting(thread: pthread_t)
        case stopped
    }

    /// Binds and listens on `address`; throws when it cannot.
    init(address: SocketAddress, backlog: Int32 = 1_024) throws(HTTPServerError) {
        let socket = address.withUnsafePointer { CMicroHTTPDShim_listen($0, backlog) }
        guard socket >= 0 else { throw HTTPServerError(String(cString: strerror(errno))) }
        let wake = CMicroHTTPDShim_makeWake()
        guard wake >= 0 else {
            CMicroHTTPDShim_closeSocket(socket)
            throw HTTPServerError("cannot make the listener's wake-up descriptor")
        }
        self.socket = socket
        self.wake = wake
    }

    var port: Int { Int(CMicroHTTPDShim_boundPort(socket)) }

    /// Starts the accepting thread, which hands connections to `daemon` until `stop`.
    func start(handingTo daemon: OpaquePointer) throws(HTTPServerError) {
        var thread = pthread_t()
        let retained = Unmanaged.passRetained(Acceptor(listener: self, daemon: daemon))
        let started = pthread_create(
            &thread, nil,
            { argument in
                Unmanaged<Acceptor>.fromOpaque(argument!).takeRetainedValue().run()
                return nil
            }, retained.toOpaque())
        guard started == 0 else {
            retained.release()
            throw HTTPServerError("cannot start the accepting thread")
        }
        state.withLock { $0 = .accepting(thread: thread) }
    }

    /// Stops accepting: what already waits in the backlog is handed over first (those clients
    /// sent their requests already), then the socket closes and later clients are refused.
    /// Blocks until the accepting thread has ended. Idempotent.
    func stop() {
        let running = state.withLock { state -> pthread_t? in
            defer { state = .stopped }
            guard case .accepting(let thread) = state else { return nil }
            return thread
        }
        if let running {
            CMicroHTTPDShim_wake(wake)
            pthread_join(running, nil)
        }
        closeDescriptors()
    }

    private let closed = Atomic<Bool>(false)

    private func closeDescriptors() {
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        CMicroHTTPDShim_closeSocket(socket)
        CMicroHTTPDShim_closeSocket(wake)
    }

    deinit { closeDescriptors() }

    /// The accepting thread's loop.
    private final class Acceptor {
        let listener: Listener
        let daemon: OpaquePointer

        init(listener: Listener, daemon: OpaquePointer) {
            self.listener = listener
            self.daemon = daemon
        }

        func run() {
            while CMicroHTTPDShim_awaitConnection(listener.socket, listener.wake) == 1 {
                acceptWaiting()
            }
            acceptWaiting()
        }

        /// Accepts every connection waiting now. Out of descriptors or memory, it waits a
        /// moment rather than spin; the clients wait in the backlog meanwhile.
        private func acceptWaiting() {
            while true {
                switch CMicroHTTPDShim_acceptConnection(daemon, listener.socket) {
                case 1: continue
                case 0: return
                default:
                    guard [EMFILE, ENFILE, ENOBUFS, ENOMEM].contains(errno) else { return }
                    usleep(10_000)
                    return
                }
            }
        }
    }
}
