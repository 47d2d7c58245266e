/// Settings of one server; each limit is a named, tested knob.
public struct HTTPServerConfiguration: Sendable {
    /// Address to bind ("127.0.0.1", "0.0.0.0", "::1").
    public var host: String = "127.0.0.1"
    /// Port to bind; 0 picks a free one (see `HTTPServer.port`).
    public var port: Int = 8080
    /// Threads in libmicrohttpd's pool (internal polling, epoll).
    public var threads: Int = 2
    /// Most simultaneous connections, streams included. Past it a new connection's request is
    /// answered at once with `HTTPRejection.connectionLimit` (503) and closed; past
    /// `connectionLimit + HTTPServer.connectionLimitAnswers` it is closed unanswered, at once.
    /// libmicrohttpd's own default (about 1,020) is far too low for streams.
    public var connectionLimit: Int = 16_384
    /// Open files kept for everything else the process opens (state files, database
    /// connections, listening sockets): `connectionLimit` is lowered to what the open-file
    /// limit leaves beside them, so that a connection past it is answered 503 instead of
    /// waiting unaccepted (see `OpenFileLimit`).
    public var reservedFileDescriptors: Int = 256
    /// Most simultaneous connections from one client address, so that one client cannot take
    /// every slot; past it the client's new connections are closed at once; 0 for no limit of
    /// its own. Nil picks the default: 0 when bound to a loopback address, where
    /// every client is this machine (tests and benchmarks open thousands of streams), and
    /// 1,024 otherwise. Behind a proxy every connection comes from the proxy: raise it.
    public var connectionLimitPerClient: Int?
    /// Seconds an idle, non-streaming connection may stay open; 0 disables.
    public var connectionTimeout: Int = 60
    /// Seconds a request's head (request line and header fields) may take to arrive, counted
    /// from the connection's opening or, on a kept-alive connection, from the end of its
    /// previous request; the connection is then closed. The idle timeout alone is reset by every
    /// byte, so one header byte every few seconds would hold a connection for ever. Kept-alive
    /// connections waiting for another request are closed by it too.
    public var requestHeadTimeout: Double = 30
    /// `Host` values accepted besides the loopback names (`localhost`, `127.0.0.1`, `[::1]`,
    /// which no page of another site can send, and which local health checks use): a name or
    /// address, with or without `:port`, compared case-insensitively. Another host gets
    /// `HTTPRejection.hostNotAllowed` (421), so that a page on another site reaching the
    /// server through DNS rebinding is refused. Nil picks the default: only the loopback names
    /// when bound to a loopback address, any host otherwise. `["*"]` accepts any.
    public var allowedHosts: [String]?
    /// Bytes of a request target (path and query, as sent); a longer one gets
    /// `HTTPRejection.targetTooLong` (414). A request head must also fit libmicrohttpd's
    /// per-connection pool (about 14 KB): past it libmicrohttpd answers 414 itself.
    public var maxTargetLength: Int = 8 * 1_024
    /// Query parameters of one request target (`&`-separated items); more get
    /// `HTTPRejection.targetTooLong` (414). libmicrohttpd keeps each parsed parameter in the
    /// per-connection pool, which a few hundred exhaust.
    public var maxQueryParameters: Int = 64
    /// Largest request body accepted; larger ones get `HTTPServerHandlers.bodyTooLarge` unbuffered.
    public var maxBodySize: Int = 1 << 20
    /// Bytes a stream may hold unsent, besides its newest write, before its client is dropped
    /// as too slow: a reader that drained everything older is never cut, however large one
    /// write is.
    public var maxStreamBacklog: Int = 1 << 20
    /// Receives libmicrohttpd's error messages (why a bind failed, a connection that broke),
    /// on any thread; nil keeps them quiet.
    public var errorLog: (@Sendable (String) -> Void)?

    public init() {}
}

extension HTTPServerConfiguration {
    private static let loopbackNames = ["localhost", "127.0.0.1", "[::1]"]

    /// Whether `host` is a loopback address or name.
    var bindsLoopback: Bool {
        let name = host.lowercased()
        return name == "localhost" || name == "::1" || name == "[::1]" || name.hasPrefix("127.")
    }

    /// `connectionLimit`, lowered to what `openFileLimit` leaves: the reserved descriptors,
    /// the connections answered past the limit and one per pool thread stay free.
    func effectiveConnectionLimit(openFileLimit: Int) -> Int {
        let fits = openFileLimit - max(0, reservedFileDescriptors) - ConnectionTable.limitAnswers - max(1, threads)
        return max(1, min(connectionLimit, fits))
    }

    /// `connectionLimitPerClient` with its default applied.
    var resolvedConnectionLimitPerClient: Int {
        connectionLimitPerClient ?? (bindsLoopback ? 0 : 1_024)
    }

    /// `allowedHosts` with its default applied; nil accepts any host.
    var resolvedAllowedHosts: HostAllowList? {
        if let allowedHosts { return allowedHosts.contains("*") ? nil : HostAllowList(allowedHosts + Self.loopbackNames) }
        return bindsLoopback ? HostAllowList(Self.loopbackNames) : nil
    }
}
