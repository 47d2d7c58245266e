/// Why a stream ended.
public enum HTTPStreamTermination: Sendable, Equatable {
    /// `finish()` was called and everything written was sent.
    case finished
    /// The client closed the connection or a write to it failed.
    case clientGone
    /// The client read too slowly: more than `maxStreamBacklog` bytes were pending.
    case backlogExceeded
    /// The server is shutting down.
    case serverShutdown
}
