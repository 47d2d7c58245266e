import ArgumentParser
import Glibc

/// `containment healthcheck`: exits 0 when the service answers 200, for container health
/// checks on images that carry no curl.
struct HealthCheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "healthcheck", abstract: "Exit 0 if the service answers 200 at --url, else 1.")

    /// Without `--url` the probe finds the service where `serve` binds it in the same container.
    @Option(help: "The URL to probe (plain http only). [default: http://127.0.0.1:$PORT/healthz, PORT as for serve]")
    var url: String?

    @Option(help: "Seconds to wait for connect and answer.")
    var timeout: Int = 5

    func run() throws {
        let url = try url ?? "http://127.0.0.1:\(Environment().value(nil as Int?, "PORT", default: Serve.defaultPort))/healthz"
        guard let target = HTTPURL(url) else { throw ValidationError("--url must look like http://host:port/path") }
        do {
            let status = try HTTPProbe.status(of: target, timeoutSeconds: timeout)
            guard status == 200 else {
                print("unhealthy: HTTP \(status)")
                throw ExitCode.failure
            }
            print("healthy")
        } catch let error as HTTPProbe.Failure {
            print("unhealthy: \(error.reason)")
            throw ExitCode.failure
        }
    }
}

/// The parts of an `http://host[:port]/path` URL a probe needs.
struct HTTPURL {
    var host: String
    var port: String
    var path: String

    init?(_ text: String) {
        guard text.hasPrefix("http://") else { return nil }
        let rest = text.dropFirst("http://".count)
        let authority = rest.prefix { $0 != "/" }
        path = rest.count > authority.count ? String(rest.dropFirst(authority.count)) : "/"
        if authority.hasPrefix("[") {  // [::1]:8080
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = String(authority[authority.index(after: authority.startIndex)..<close])
            let after = authority[authority.index(after: close)...]
            port = after.hasPrefix(":") ? String(after.dropFirst()) : "80"
        } else if let colon = authority.lastIndex(of: ":") {
            host = String(authority[..<colon])
            port = String(authority[authority.index(after: colon)...])
        } else {
            host = String(authority)
            port = "80"
        }
        guard !host.isEmpty, Int(port) != nil else { return nil }
    }
}

/// One blocking HTTP/1.1 GET over a POSIX socket, returning the status code.
enum HTTPProbe {
    struct Failure: Error { var reason: String }

    static func status(of url: HTTPURL, timeoutSeconds: Int) throws(Failure) -> Int {
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
                defer { close(fd) }
                var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
                setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
                setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
                if connect(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 {
                    return try exchange(fd, url: url)
                }
            }
            candidate = address.pointee.ai_next
        }
        throw Failure(reason: "cannot connect to \(url.host):\(url.port)")
    }

    private static func exchange(_ fd: Int32, url: HTTPURL) throws(Failure) -> Int {
        let request = Array("GET \(url.path) HTTP/1.1\r\nHost: \(url.host)\r\nConnection: close\r\n\r\n".utf8)
        var sent = 0
        while sent < request.count {
            let written = request[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { throw Failure(reason: "send failed") }
            sent += written
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        // The status line is all we need: "HTTP/1.1 200 OK\r\n".
        while !received.contains(UInt8(ascii: "\n")) {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw Failure(reason: "no answer") }
            received += buffer[..<count]
        }
        let statusLine = String(decoding: received.prefix { $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), let status = Int(parts[1]) else {
            throw Failure(reason: "not an HTTP answer: \(statusLine)")
        }
        return status
    }
}
