/// The `Host` values a server answers; see `HTTPServerConfiguration.allowedHosts`.
struct HostAllowList: Sendable {
    /// Lowercased names without a port.
    private let names: Set<String>
    /// The same names as bytes, for the usual ASCII `Host`: every request's `Host` is checked,
    /// and lowercasing it into a new string, cutting the port into another and hashing that
    /// cost more than comparing it in place with each of the few allowed names.
    private let asciiNames: [[UInt8]]

    init(_ hosts: [String]) {
        names = Set(hosts.map { Self.name(of: $0.lowercased()) })
        asciiNames = names.map { Array($0.utf8) }
    }

    /// Whether `host` (a `Host` field's value) names an allowed host, on any port.
    func allows(_ host: String) -> Bool {
        var host = host
        let allowed = host.withUTF8 { bytes -> Bool? in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            let name = Self.name(of: UnsafeBufferPointer(rebasing: bytes[bytes.rangeWithoutASCIIWhitespace]))
            return asciiNames.contains { allowed in
                allowed.count == name.count && allowed.withUnsafeBufferPointer { name.isASCIICaseInsensitiveEqual(to: $0) }
            }
        }
        // Not ASCII: Unicode lowercasing decides, as for the configured names.
        return allowed ?? names.contains(Self.name(of: host.lowercased().trimmingASCIIWhitespace()))
    }

    /// The host without its port: `[::1]:8080` → `[::1]`, `localhost:80` → `localhost`; a bare
    /// IPv6 address (more than one colon, no brackets) is left whole.
    private static func name(of host: String) -> String {
        var host = host
        return host.withUTF8 { String(decoding: name(of: $0), as: UTF8.self) }
    }

    private static func name(of host: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        if host.first == UInt8(ascii: "[") {
            guard let end = host.firstIndex(of: UInt8(ascii: "]")) else { return host }
            return UnsafeBufferPointer(rebasing: host[...end])
        }
        guard let colon = host.firstIndex(of: UInt8(ascii: ":")), !host[(colon + 1)...].contains(UInt8(ascii: ":"))
        else { return host }
        return UnsafeBufferPointer(rebasing: host[..<colon])
    }
}
