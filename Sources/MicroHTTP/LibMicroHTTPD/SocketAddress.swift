#if canImport(Glibc)
import Glibc
#endif

/// The address to bind, resolved from the configured host (a literal or a name).
struct SocketAddress {
    private var storage = sockaddr_storage()

    init(host: String, port: Int) throws(HTTPServerError) {
        guard (0...65_535).contains(port) else { throw HTTPServerError("port \(port) is out of range") }
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var results: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &results)
        guard status == 0, let first = results, let address = first.pointee.ai_addr else {
            throw HTTPServerError("cannot resolve \(host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(results) }
        withUnsafeMutableBytes(of: &storage) {
            $0.copyMemory(from: UnsafeRawBufferPointer(start: address, count: Int(first.pointee.ai_addrlen)))
        }
    }

    func withUnsafePointer<Result>(_ body: (UnsafePointer<sockaddr>) -> Result) -> Result {
        withUnsafeBytes(of: storage) { body($0.baseAddress!.assumingMemoryBound(to: sockaddr.self)) }
    }
}
