#if canImport(Glibc)
import Glibc
#endif

/// A blocking HTTP/1.1 client on one TCP connection, for tests: plain POSIX sockets, every
/// read bounded by `timeout`. Use it from one thread at a time.
public final class TestHTTPConnection {
    public let timeout: Double
    private var socket: Int32
    private var received: [UInt8] = []
    private var receivedStart = 0
    private var peerClosed = false
    private var framing = Framing.done
    /// Body bytes decoded and not yet handed out.
    private var decoded: [UInt8] = []
    /// The request last sent, logged with its response when `ExchangeLog` is on.
    private var sentRequest: ExchangeLog.Request?
    /// False for a connection to something other than the service (a scenario's stand-in
    /// server), whose answers openapi.yaml does not describe.
    public var logsExchanges = true

    /// Connects to an IPv4 or IPv6 literal. `receiveBuffer` shrinks the socket's receive buffer
    /// (SO_RCVBUF, before connecting), for a client that stops reading early. The default
    /// `timeout` only bounds a hung test: on a loaded 2-core machine running the suites in
    /// parallel, a stress test's answer has taken over 10 s, so it is generous.
    public init(host: String = "127.0.0.1", port: Int, timeout: Double = 30, receiveBuffer: Int32? = nil) throws(TestHTTPClientError) {
        self.timeout = timeout
        var address = sockaddr_storage()
        let length: Int
        let family = host.contains(":") ? AF_INET6 : AF_INET
        let parsed = withUnsafeMutableBytes(of: &address) { raw in
            if family == AF_INET6 {
                let ipv6 = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in6.self)
                ipv6.pointee.sin6_family = sa_family_t(AF_INET6)
                ipv6.pointee.sin6_port = in_port_t(UInt16(port).bigEndian)
                return inet_pton(AF_INET6, host, &ipv6.pointee.sin6_addr)
            }
            let ipv4 = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in.self)
            ipv4.pointee.sin_family = sa_family_t(AF_INET)
            ipv4.pointee.sin_port = in_port_t(UInt16(port).bigEndian)
            return inet_pton(AF_INET, host, &ipv4.pointee.sin_addr)
        }
        length = family == AF_INET6 ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size
        guard parsed == 1 else { throw TestHTTPClientError("not an IP address: \(host)") }
        socket = Glibc.socket(family, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw TestHTTPClientError("socket: \(String(cString: strerror(errno)))") }
        var noDelay: Int32 = 1
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
        if var receiveBuffer {
            setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &receiveBuffer, socklen_t(MemoryLayout<Int32>.size))
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(length)) }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(socket)
            throw TestHTTPClientError("connect to \(host) port \(port): \(reason)")
        }
    }

    deinit { close() }

    /// The client side's port, which the server sees as its peer's.
    public var localPort: Int {
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(socket, $0, &length) }
        }
        return withUnsafeBytes(of: address) { Int(UInt16(bigEndian: $0.load(fromByteOffset: 2, as: UInt16.self))) }
    }

    public func close() {
        if socket >= 0 { Glibc.close(socket) }
        socket = -1
    }

    // MARK: Sending

    /// Sends raw bytes, as they are (for pieces of a body, or malformed requests).
    public func send(_ bytes: [UInt8]) throws(TestHTTPClientError) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw TestHTTPClientError("send: \(String(cString: strerror(errno)))") }
            offset += sent
        }
    }

    public func send(_ text: String) throws(TestHTTPClientError) { try send(Array(text.utf8)) }

    /// Sends a request; a body goes with its Content-Length unless `headers` sets the framing.
    public func sendRequest(
        _ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8] = []
    ) throws(TestHTTPClientError) {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        let setsFraming = headers.contains { ["content-length", "transfer-encoding"].contains($0.0.lowercased()) }
        if !body.isEmpty && !setsFraming { head += "Content-Length: \(body.count)\r\n" }
        try send(Array((head + "\r\n").utf8) + body)
        if ExchangeLog.path != nil, logsExchanges { sentRequest = ExchangeLog.Request(method: method, target: target, headers: headers, body: body) }
    }

    /// Sends a request and reads the whole response.
    public func request(
        _ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8] = []
    ) throws(TestHTTPClientError) -> TestHTTPResponse {
        try sendRequest(method, target, headers: headers, body: body)
        return try readResponse(forMethod: method)
    }

    // MARK: Receiving

    /// Reads a response's status line and headers; its body is then read with `readResponse`'s
    /// rest, `readBodyLine` or `readBody`.
    public func readResponseHead(forMethod method: String = "GET") throws(TestHTTPClientError) -> TestHTTPResponse {
        let statusLine = try readRawLine()
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]) else {
            throw TestHTTPClientError("bad status line: \(statusLine)")
        }
        var headers: [(name: String, value: String)] = []
        while true {
            let line = try readRawLine()
            if line.isEmpty { break }
            guard let colon = line.firstIndex(of: ":") else { throw TestHTTPClientError("bad header line: \(line)") }
            headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingSpaces()))
        }
        let response = TestHTTPResponse(status: status, headers: headers, body: [])
        if method == "HEAD" || status == 204 || status == 304 || (100..<200).contains(status) {
            framing = .done
        } else if response.header("Transfer-Encoding")?.lowercased().contains("chunked") == true {
            framing = .chunked(remainingInChunk: nil)
        } else if let length = response.header("Content-Length").flatMap({ Int($0) }) {
            framing = .length(remaining: length)
        } else {
            framing = .untilClose
        }
        decoded = []
        return response
    }

    /// Reads a whole response.
    public func readResponse(forMethod method: String = "GET") throws(TestHTTPClientError) -> TestHTTPResponse {
        var response = try readResponseHead(forMethod: method)
        response.body = try readBody()
        if let sentRequest {
            ExchangeLog.append(sentRequest, response)
            self.sentRequest = nil
        }
        return response
    }

    /// The rest of the current response's body.
    public func readBody() throws(TestHTTPClientError) -> [UInt8] {
        var bytes: [UInt8] = []
        while let piece = try readBodyPiece() { bytes += piece }
        return bytes
    }

    /// The next line of a (streamed) body without its line break; nil once the body ended.
    public func readBodyLine() throws(TestHTTPClientError) -> String? {
        while true {
            if let newline = decoded.firstIndex(of: UInt8(ascii: "\n")) {
                var line = Array(decoded[..<newline])
                decoded.removeFirst(newline + 1)
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                return String(decoding: line, as: UTF8.self)
            }
            guard try decodeMoreBody() else {
                guard !decoded.isEmpty else { return nil }
                defer { decoded = [] }
                return String(decoding: decoded, as: UTF8.self)
            }
        }
    }

    /// Body bytes as they arrive; nil once the body ended.
    public func readBodyPiece() throws(TestHTTPClientError) -> [UInt8]? {
        while decoded.isEmpty {
            guard try decodeMoreBody() else { return nil }
        }
        defer { decoded = [] }
        return decoded
    }

    /// True when the server has already closed (or reset) the connection and nothing of a
    /// response is left to read: the check a pooled client makes before reusing a connection.
    public var isClosedByServer: Bool {
        guard receivedStart == received.count else { return false }
        if peerClosed { return true }
        var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 0) > 0 else { return false }
        var byte: UInt8 = 0
        return recv(socket, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT)) <= 0
    }

    /// True when the server closes (or resets) the connection within `timeout` seconds and
    /// sends nothing more of the current response.
    public func waitForClose(timeout: Double? = nil) -> Bool {
        let deadline = Deadline(seconds: timeout ?? self.timeout)
        while !peerClosed {
            guard (try? receiveMore(until: deadline)) != nil else { return peerClosed }
        }
        return true
    }

    // MARK: Framing

    /// Decodes more of the body into `decoded`; false once the body has ended.
    private func decodeMoreBody() throws(TestHTTPClientError) -> Bool {
        switch framing {
        case .done:
            return false
        case .length(let remaining):
            guard remaining > 0 else {
                framing = .done
                return false
            }
            let piece = try takeReceived(atMost: remaining)
            decoded += piece
            framing = .length(remaining: remaining - piece.count)
            return true
        case .untilClose:
            do {
                decoded += try takeReceived(atMost: Int.max)
                return true
            } catch {
                guard peerClosed else { throw error }
                framing = .done
                return false
            }
        case .chunked(let remainingInChunk):
            guard let remainingInChunk else {
                let sizeLine = try readRawLine()
                guard let size = Int(sizeLine.split(separator: ";").first ?? "", radix: 16) else {
                    throw TestHTTPClientError("bad chunk size: \(sizeLine)")
                }
                if size == 0 {
                    while try !readRawLine().isEmpty {}
                    framing = .done
                    return false
                }
                framing = .chunked(remainingInChunk: size)
                return true
            }
            let piece = try takeReceived(atMost: remainingInChunk)
            decoded += piece
            if piece.count == remainingInChunk {
                guard try readRawLine().isEmpty else { throw TestHTTPClientError("chunk without its CRLF") }
                framing = .chunked(remainingInChunk: nil)
            } else {
                framing = .chunked(remainingInChunk: remainingInChunk - piece.count)
            }
            return true
        }
    }

    /// How the current response's body ends.
    private enum Framing {
        case length(remaining: Int)
        case chunked(remainingInChunk: Int?)
        case untilClose
        case done
    }

    // MARK: Socket

    private func readRawLine() throws(TestHTTPClientError) -> String {
        let deadline = Deadline(seconds: timeout)
        while true {
            if let newline = received[receivedStart...].firstIndex(of: UInt8(ascii: "\n")) {
                var line = received[receivedStart..<newline]
                if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
                receivedStart = newline + 1
                return String(decoding: line, as: UTF8.self)
            }
            try receiveMore(until: deadline)
        }
    }

    private func takeReceived(atMost limit: Int) throws(TestHTTPClientError) -> [UInt8] {
        if receivedStart == received.count { try receiveMore(until: Deadline(seconds: timeout)) }
        let end = receivedStart + min(limit, received.count - receivedStart)
        defer { receivedStart = end }
        return Array(received[receivedStart..<end])
    }

    private func receiveMore(until deadline: Deadline) throws(TestHTTPClientError) {
        if receivedStart == received.count {
            received.removeAll(keepingCapacity: true)
            receivedStart = 0
        }
        guard !peerClosed else { throw TestHTTPClientError("the server closed the connection") }
        var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, deadline.remainingMilliseconds)
        guard ready > 0 else { throw TestHTTPClientError("timed out after \(timeout) s waiting for the server") }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        guard count > 0 else {
            peerClosed = true
            throw TestHTTPClientError("the server closed the connection")
        }
        received += chunk[..<count]
    }
}

private struct Deadline {
    let end: timespec

    init(seconds: Double) {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let nanoseconds = Int(now.tv_nsec) + Int(seconds.truncatingRemainder(dividingBy: 1) * 1e9)
        end = timespec(tv_sec: now.tv_sec + Int(seconds) + nanoseconds / 1_000_000_000, tv_nsec: nanoseconds % 1_000_000_000)
    }

    var remainingMilliseconds: Int32 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let remaining = (end.tv_sec - now.tv_sec) * 1000 + (end.tv_nsec - now.tv_nsec) / 1_000_000
        return Int32(clamping: max(0, remaining))
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
