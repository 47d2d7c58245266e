#if canImport(Glibc)
import Glibc
#endif

/// Shrinks the send buffer (SO_SNDBUF, to the kernel's minimum of about 4.5 KB, which also
/// stops its growth) of the server's side of `client`'s connection, for tests whose server runs
/// in this process: a server's socket then holds little of what a client leaves unread, and a
/// write of a few KB may be taken only in part. False when no such socket was found.
public func shrinkServerSendBuffer(port: Int, of client: TestHTTPConnection) -> Bool {
    let peerPort = client.localPort
    for descriptor in Int32(3)..<Int32(65_536) {
        guard socketPort(descriptor, peer: false) == port, socketPort(descriptor, peer: true) == peerPort else { continue }
        var small: Int32 = 1
        return setsockopt(descriptor, SOL_SOCKET, SO_SNDBUF, &small, socklen_t(MemoryLayout<Int32>.size)) == 0
    }
    return false
}

/// The local (or peer) port of an IPv4 socket, nil for anything else.
private func socketPort(_ descriptor: Int32, peer: Bool) -> Int? {
    var address = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    let result = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            peer ? getpeername(descriptor, $0, &length) : getsockname(descriptor, $0, &length)
        }
    }
    guard result == 0, address.ss_family == sa_family_t(AF_INET) else { return nil }
    return withUnsafeBytes(of: address) { Int(UInt16(bigEndian: $0.load(fromByteOffset: 2, as: UInt16.self))) }
}
