import Glibc

/// A small blocking HTTP/1.1 client over POSIX sockets: one request per connection
/// (`Connection: close`), for `healthcheck` and `conformance run`. No Foundation, so the
/// `containment` binary loads no networking library.
struct BlockingHTTPClient {
    struct Failure: Error, CustomStringConvertible {
        var reason: String
        var description: String { reason }
    }

    /// The largest answer read: a conformance reply is a few kilobytes.
    static let maxResponseBytes = 16 << 20

    /// Seconds each connect, send and receive may wait.
    var timeoutSeconds: Int

    /// Sends one request to `url` (its path replaced by `path` when given); returns the status and body.
    func exchange(
        _ method: String, _ url: HTTPURL, path: String? = nil, json body: [UInt8]? = nil
    ) throws(Failure) -> (status: Int, body: [UInt8]) {
        let fd = try connect(url)
        defer { close(fd) }
        var head = "\(method) \(path ?? url.path) HTTP/1.1\r\nHost: \(url.host)\r\nConnection: close\r\nAccept: application/json\r\n"
        if let body { head += "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n" }
        try send(fd, Array((head + "\r\n").utf8) + (body ?? []))
        return try Self.parse(try receiveAll(fd))
    }

    private func connect(_ url: HTTPURL) throws(Failure) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var addresses: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(url.host, url.port, &hints, &addresses) == 0, let first = addresses else {
            throw Failure(reason: "cannot resolve \(url.host)")
        }
        defer { freeaddrinfo(addresses) }
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let address = candidate {
            let fd = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
            if fd >= 0 {
                var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
                setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
                setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
                if Glibc.connect(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 { return fd }
                close(fd)
            }
            candidate = address.pointee.ai_next
        }
        throw Failure(reason: "cannot connect to \(url.host):\(url.port)")
    }

    private func send(_ fd: Int32, _ bytes: [UInt8]) throws(Failure) {
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { throw Failure(reason: "send failed") }
            sent += written
        }
    }

    /// Everything until the server closes (the request asked it to).
    private func receiveAll(_ fd: Int32) throws(Failure) -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count == 0 { return received }
            guard count > 0 else { throw Failure(reason: received.isEmpty ? "no answer" : "the answer was cut short") }
            received += buffer[..<count]
            guard received.count <= Self.maxResponseBytes else {
                throw Failure(reason: "the answer exceeds \(Self.maxResponseBytes) bytes")
            }
        }
    }

    /// Status line, headers, and a body framed by Content-Length, chunked coding or the close.
    static func parse(_ bytes: [UInt8]) throws(Failure) -> (status: Int, body: [UInt8]) {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let end = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) else {
            throw Failure(reason: "not an HTTP answer")
        }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false)
        let parts = (lines.first ?? "").split(separator: " ")
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), let status = Int(parts[1]) else {
            throw Failure(reason: "not an HTTP answer: \(lines.first ?? "")")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: " \t")
        }
        let rest = Array(bytes[(end + separator.count)...])
        if headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
            return (status, try dechunk(rest))
        }
        if let length = headers["content-length"].flatMap({ Int($0) }) {
            guard rest.count >= length else { throw Failure(reason: "the answer was cut short") }
            return (status, Array(rest.prefix(length)))
        }
        return (status, rest)
    }

    private static func dechunk(_ bytes: [UInt8]) throws(Failure) -> [UInt8] {
        var body: [UInt8] = []
        var index = 0
        while true {
            guard let lineEnd = bytes[index...].firstIndex(of: UInt8(ascii: "\r")), lineEnd + 1 < bytes.count else {
                throw Failure(reason: "bad chunked body")
            }
            let sizeText = String(decoding: bytes[index..<lineEnd], as: UTF8.self).prefix { $0 != ";" }
            guard let size = Int(sizeText.trimmingCharacters(in: " "), radix: 16), size >= 0 else {
                throw Failure(reason: "bad chunk size")
            }
            index = lineEnd + 2
            if size == 0 { return body }
            guard index + size <= bytes.count else { throw Failure(reason: "the answer was cut short") }
            body += bytes[index..<(index + size)]
            index += size + 2
        }
    }
}

extension StringProtocol {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var scalars = Substring(self)
        while let first = scalars.first, set.contains(first) { scalars = scalars.dropFirst() }
        while let last = scalars.last, set.contains(last) { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
