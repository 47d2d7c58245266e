import CMicroHTTPDShim

#if canImport(Glibc)
import Glibc
#endif

/// The socket of a stream whose body libmicrohttpd sends in chunks. While the stream is parked
/// (suspended in its reader), libmicrohttpd has sent everything it had and neither polls nor
/// writes the socket, so a write can go out as a whole chunk from the writer's thread: one
/// syscall instead of a resume, two epoll changes, a reader call and a send on the server's
/// threads, which then stay free for requests.
struct StreamSocket: Sendable {
    let descriptor: Int32
    /// Chunks are only sent while the send queue holds less than this, so that a chunk almost
    /// always fits whole (half the send buffer: the kernel also counts its own overhead).
    private let queueLimit: Int

    /// Nil when the socket is unknown.
    init?(_ connection: Connection) {
        descriptor = CMicroHTTPDShim_connectionSocket(connection.handle)
        var size: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard descriptor >= 0, getsockopt(descriptor, SOL_SOCKET, SO_SNDBUF, &size, &length) == 0 else { return nil }
        queueLimit = Int(size) / 2
    }

    enum Outcome {
        /// The whole chunk is in the socket.
        case sent
        /// Nothing was sent (the queue is full, or the socket failed): the bytes go through
        /// libmicrohttpd, which also finds any error.
        case notSent
        /// Part of the chunk went out and the rest could not follow in time: the response's
        /// framing is broken, the connection must close.
        case cutShort
    }

    /// How long a partly sent chunk may take to finish, on the writer's thread.
    private static let remainderTimeoutMilliseconds = 50

    /// Sends `bytes` as one HTTP/1.1 chunk. Only while the stream is parked, under its lock.
    func sendChunk(_ bytes: [UInt8]) -> Outcome {
        let queued = Int(CMicroHTTPDShim_unsentSocketBytes(descriptor))
        guard queued >= 0, queued + bytes.count <= queueLimit else { return .notSent }
        let header = Array(String(bytes.count, radix: 16).utf8) + [13, 10]
        let trailer: [UInt8] = [13, 10]
        let sent = header.withUnsafeBytes { header in
            bytes.withUnsafeBytes { body in
                trailer.withUnsafeBytes { trailer in
                    var pieces = [header, body, trailer].map {
                        iovec(iov_base: UnsafeMutableRawPointer(mutating: $0.baseAddress), iov_len: $0.count)
                    }
                    return pieces.withUnsafeMutableBufferPointer { pieces in
                        var message = msghdr()
                        message.msg_iov = pieces.baseAddress
                        message.msg_iovlen = pieces.count
                        return sendmsg(descriptor, &message, Int32(MSG_DONTWAIT) | Int32(MSG_NOSIGNAL))
                    }
                }
            }
        }
        let total = header.count + bytes.count + trailer.count
        if sent == total { return .sent }
        if sent <= 0 { return .notSent }
        return finish(header + bytes + trailer, from: sent)
    }

    /// Sends the rest of a partly sent chunk, waiting for room a bounded time.
    private func finish(_ frame: [UInt8], from start: Int) -> Outcome {
        var offset = start
        let deadline = Self.milliseconds() + Self.remainderTimeoutMilliseconds
        while offset < frame.count {
            let remaining = deadline - Self.milliseconds()
            var watched = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            guard remaining > 0, poll(&watched, 1, Int32(remaining)) > 0 else { return .cutShort }
            let sent = frame.withUnsafeBytes {
                send(descriptor, $0.baseAddress! + offset, frame.count - offset, Int32(MSG_DONTWAIT) | Int32(MSG_NOSIGNAL))
            }
            if sent > 0 {
                offset += sent
            } else if sent == 0 || (errno != EAGAIN && errno != EINTR) {
                return .cutShort
            }
        }
        return .sent
    }

    private static func milliseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1_000 + now.tv_nsec / 1_000_000
    }
}
