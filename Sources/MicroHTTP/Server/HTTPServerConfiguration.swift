/// Settings of one server; each limit is a named, tested knob.
public struct HTTPServerConfiguration: Sendable {
    /// Address to bind ("127.0.0.1", "0.0.0.0", "::1").
    public var host: String = "127.0.0.1"
    /// Port to bind; 0 picks a free one (see `HTTPServer.port`).
    public var port: Int = 8080
    /// Threads in libmicrohttpd's pool (internal polling, epoll).
    public var threads: Int = 2
    /// Most simultaneous connections, streams included; further ones wait in the listen
    /// backlog until one closes. libmicrohttpd's own default (about 1,020) is far too low
    /// for streams.
    public var connectionLimit: Int = 16_384
    /// Seconds an idle, non-streaming connection may stay open; 0 disables.
    public var connectionTimeout: Int = 60
    /// Largest request body accepted; larger ones get `HTTPServerHandlers.bodyTooLarge` unbuffered.
    public var maxBodySize: Int = 1 << 20
    /// Bytes a stream may hold unsent before its client is dropped as too slow.
    public var maxStreamBacklog: Int = 1 << 20
    /// Receives libmicrohttpd's error messages (why a bind failed, a connection that broke),
    /// on any thread; nil keeps them quiet.
    public var errorLog: (@Sendable (String) -> Void)?

    public init() {}
}
