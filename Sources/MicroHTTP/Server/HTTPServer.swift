import CMicroHTTPDShim
import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// An HTTP/1.1 server on libmicrohttpd (internal polling with epoll and a thread pool).
///
/// Handlers run on the pool threads. While running, the daemon keeps the server alive; call
/// `shutdown` to stop it.
public final class HTTPServer: Sendable {
    let configuration: HTTPServerConfiguration
    let handlers: BoundHandlers
    private let daemon = Mutex(DaemonState.idle)
    private let registry = Mutex(Registry())
    private let runningHandlers = Atomic<Int>(0)
    /// `configuration.connectionLimit`, or less when the open-file limit leaves less.
    public let connectionLimit: Int
    /// Open connections: the limit, request-head deadlines, bodies being received.
    let connections: ConnectionTable
    /// Set when shutdown begins: a body completed after it is answered `.shuttingDown`.
    private let isShuttingDown = Atomic<Bool>(false)
    private let chunksCutShort = Atomic<Int>(0)
    /// `configuration.resolvedAllowedHosts`, worked out once.
    let allowedHosts: HostAllowList?

    /// libmicrohttpd's per-connection memory pool (request head, read and write buffers).
    /// Half its 32 KiB default: an idle stream then costs about 15 KB instead of 22 KB, and
    /// request heads up to about 14 KB still fit.
    private static let connectionMemory = 16 * 1024

    /// Inlinable so that the handlers are bound where `Context` is known: the per-request
    /// closure `BoundHandlers` makes is then specialized for it, instead of looking up
    /// `HTTPHeadDecision<Context>`'s generic metadata on every request.
    @inlinable
    public convenience init<Context>(configuration: HTTPServerConfiguration, handlers: HTTPServerHandlers<Context>) {
        self.init(configuration: configuration, bound: BoundHandlers(handlers))
    }

    @usableFromInline
    init(configuration: HTTPServerConfiguration, bound handlers: BoundHandlers) {
        self.configuration = configuration
        self.handlers = handlers
        connectionLimit = configuration.effectiveConnectionLimit(openFileLimit: OpenFileLimit.raise())
        connections = ConnectionTable(limit: connectionLimit, headTimeout: configuration.requestHeadTimeout)
        allowedHosts = configuration.resolvedAllowedHosts
    }

    /// Binds and starts serving; throws when the address can't be bound.
    public func start() throws(HTTPServerError) {
        try daemon.withLock { state throws(HTTPServerError) in
            guard case .idle = state else { throw HTTPServerError("the server was already started") }
            let address = try SocketAddress(host: configuration.host, port: configuration.port)
            let callbacks = Callbacks(server: self)
            let started = address.withUnsafePointer { address in
                var settings = CMicroHTTPDShim_Settings(
                    address: address,
                    threads: UInt32(clamping: max(1, configuration.threads)),
                    connectionLimit: UInt32(clamping: connections.libMicroHTTPDLimit(threads: max(1, configuration.threads))),
                    perClientConnectionLimit: UInt32(clamping: max(0, configuration.resolvedConnectionLimitPerClient)),
                    connectionTimeout: UInt32(clamping: max(0, configuration.connectionTimeout)),
                    connectionMemoryLimit: Self.connectionMemory
                )
                return CMicroHTTPDShim_start(&settings, callbacks.pointer)
            }
            guard let started else {
                callbacks.release()
                throw HTTPServerError("cannot listen on \(configuration.host):\(configuration.port)")
            }
            state = .running(Daemon(handle: started, callbacks: callbacks, headWatch: startHeadWatch()))
        }
    }

    /// Checks request-head deadlines a few times per timeout (at least once a second).
    private func startHeadWatch() -> any DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        let interval = min(1, max(0.01, configuration.requestHeadTimeout / 4))
        timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(10))
        timer.setEventHandler { [connections] in connections.abortOverdueHeads() }
        timer.resume()
        return timer
    }

    /// The bound port (the chosen one when configured with 0).
    public var port: Int {
        daemon.withLock { state in
            guard case .running(let daemon) = state else { return configuration.port }
            return Int(CMicroHTTPDShim_boundPort(daemon.handle))
        }
    }

    /// Connections past `connectionLimit` whose request is still answered (503) rather than
    /// closed unanswered at once.
    public static var connectionLimitAnswers: Int { ConnectionTable.limitAnswers }

    /// Stream chunks a socket took only in part so far, each finished later when the socket had
    /// room (never waited for by the writer).
    public var streamChunksCutShort: Int { chunksCutShort.load(ordering: .relaxed) }

    func countChunkCutShort() { chunksCutShort.add(1, ordering: .relaxed) }

    /// Connections open now (streams included).
    public var openConnections: Int {
        daemon.withLock { state in
            guard case .running(let daemon) = state else { return 0 }
            return Int(CMicroHTTPDShim_openConnections(daemon.handle))
        }
    }

    /// Stops accepting new connections: the listening socket closes, so new clients are refused
    /// at once (a proxy tries another instance). From then on every response closes its
    /// connection, and a request whose body completes now is answered `.shuttingDown`.
    /// Connections already open keep being served. Idempotent.
    public func stopAccepting() {
        daemon.withLock { state in
            guard case .running(var daemon) = state, daemon.closedListener == nil else { return }
            daemon.closedListener = CMicroHTTPDShim_closeListeningSocket(daemon.handle)
            state = .running(daemon)
        }
        // Only now may responses say `Connection: close`: a client told so reconnects and must
        // be refused, not caught in the listen backlog as it closes (reset after it sent).
        isShuttingDown.store(true, ordering: .sequentiallyConsistent)
    }

    /// Drains and stops, as nginx's graceful quit does: stops accepting (`stopAccepting`), ends
    /// streams (flushing what is queued), lets running handlers and deferred responses finish
    /// and every response already begun go out, closes connections that wait idle for another
    /// request, and gives requests already arriving up to `grace` seconds in all; then answers
    /// bodies still arriving with `HTTPRejection.shuttingDown`, cancels what is left, resumes
    /// every suspended connection and stops libmicrohttpd. Blocks until done.
    ///
    /// Streams stop taking writes when shutdown begins: write a final message first. Not from
    /// a handler: it waits for libmicrohttpd's threads.
    public func shutdown(grace: Double = 2) {
        // No MHD_quiesce_daemon: in libmicrohttpd 0.9.75 it races a pool worker that takes
        // the listening socket out of its own epoll set (both see it there; the second
        // removal fails and libmicrohttpd aborts the process, seen in the test suite). The
        // socket is closed in place instead (`CMicroHTTPDShim_closeListeningSocket`).
        stopAccepting()
        let stopping: Daemon? = daemon.withLock { state in
            guard case .running(let daemon) = state else { return nil }
            state = .stopped
            return daemon
        }
        guard let stopping else { return }
        let streams = registry.withLock { registry in
            registry.isShuttingDown = true
            return Array(registry.streams.values)
        }
        streams.forEach { $0.endForShutdown() }
        let clock = ContinuousClock()
        let graceEnds = clock.now + .milliseconds(Int(max(0, grace) * 1000))
        waitUntil(graceEnds) {
            self.registry.withLock { $0.isEmpty } && self.runningHandlers.load(ordering: .acquiring) == 0
                && self.connections.receivingBodies == 0
        }
        // A client whose connection was idle when the drain began has not seen
        // `Connection: close` yet and may be sending its next request right now: half a second
        // for it to arrive (and be answered), then connections still idle are closed and the
        // others finish.
        waitUntil(min(graceEnds, clock.now + .milliseconds(500))) { CMicroHTTPDShim_openConnections(stopping.handle) == 0 }
        connections.closeIdle()
        waitUntil(graceEnds) { CMicroHTTPDShim_openConnections(stopping.handle) == 0 }
        // Bodies still incomplete are answered (503) behind libmicrohttpd, which cannot queue
        // a response before a body is complete, and closed.
        connections.answerReceivingBodies(with: rejection(.shuttingDown).serialized())
        // Whatever is left is failed and resumed: libmicrohttpd 0.9.75 aborts the process
        // when stopped with a suspended connection.
        let (lateStreams, lateDeferred) = registry.withLock { (Array($0.streams.values), Array($0.deferred.values)) }
        lateDeferred.forEach { $0.cancel() }
        lateStreams.forEach { $0.failForShutdown() }
        waitUntil(clock.now + .seconds(1)) { self.registry.withLock { $0.isEmpty } }
        stopping.headWatch.cancel()
        CMicroHTTPDShim_stop(stopping.handle)
        if let pipe = stopping.closedListener, pipe >= 0 { CMicroHTTPDShim_closeDescriptor(pipe) }
        stopping.callbacks.release()
    }

    private func waitUntil(_ deadline: ContinuousClock.Instant, _ isDone: () -> Bool) {
        while !isDone() && ContinuousClock().now < deadline {
            usleep(2_000)
        }
    }
}

extension HTTPServer {
    /// Whether shutdown has begun.
    var isStopping: Bool { isShuttingDown.load(ordering: .relaxed) }

    /// The answer to a refused request: the handler's, closing the connection.
    func rejection(_ reason: HTTPRejection) -> HTTPResponse {
        var response = runHandler { handlers.rejected(reason) }
        response.headers.set(name: "Connection", value: "close")
        return response
    }

    /// Runs a handler on the calling pool thread, counted so that shutdown can wait for it.
    func runHandler<Result>(_ handler: () -> Result) -> Result {
        runningHandlers.add(1, ordering: .relaxed)
        defer { runningHandlers.subtract(1, ordering: .releasing) }
        return handler()
    }

    /// `runHandler` in two halves, for a call that must not go through a closure: a value
    /// captured by a closure is copied where it is handed on.
    func handlerStarted() { runningHandlers.add(1, ordering: .relaxed) }

    func handlerEnded() { runningHandlers.subtract(1, ordering: .releasing) }

    /// Tracks a stream until its connection ends; false once shutdown has begun.
    func register(_ stream: HTTPStream) -> Bool {
        registry.withLock { registry in
            guard !registry.isShuttingDown else { return false }
            registry.streams[ObjectIdentifier(stream)] = stream
            return true
        }
    }

    func unregister(_ stream: HTTPStream) {
        _ = registry.withLock { $0.streams.removeValue(forKey: ObjectIdentifier(stream)) }
    }

    /// Tracks a deferred response until its connection ends; false once shutdown has begun.
    func register(_ deferred: HTTPDeferredResponse) -> Bool {
        registry.withLock { registry in
            guard !registry.isShuttingDown else { return false }
            registry.deferred[ObjectIdentifier(deferred)] = deferred
            return true
        }
    }

    func unregister(_ deferred: HTTPDeferredResponse) {
        _ = registry.withLock { $0.deferred.removeValue(forKey: ObjectIdentifier(deferred)) }
    }

    private enum DaemonState {
        case idle
        case running(Daemon)
        case stopped
    }

    private struct Daemon {
        let handle: OpaquePointer
        let callbacks: Callbacks
        let headWatch: any DispatchSourceTimer
        /// Set once the listening socket is closed: the pipe end to close after the daemon stops.
        var closedListener: Int32?
    }

    /// What shutdown must end or resume.
    private struct Registry {
        var isShuttingDown = false
        var streams: [ObjectIdentifier: HTTPStream] = [:]
        var deferred: [ObjectIdentifier: HTTPDeferredResponse] = [:]

        var isEmpty: Bool { streams.isEmpty && deferred.isEmpty }
    }
}
