/// The `Host` values a server answers; see `HTTPServerConfiguration.allowedHosts`.
struct HostAllowList: Sendable {
    /// Lowercased names without a port.
    private let names: Set<String>

    init(_ hosts: [String]) {
        names = Set(hosts.map { Self.name(of: $0.lowercased()) })
    }

    /// Whether `host` (a `Host` field's value) names an allowed host, on any port.
    func allows(_ host: String) -> Bool {
        names.contains(Self.name(of: host.lowercased().trimmingASCIIWhitespace()))
    }

    /// The host without its port: `[::1]:8080` → `[::1]`, `localhost:80` → `localhost`; a bare
    /// IPv6 address (more than one colon, no brackets) is left whole.
    /// Read as UTF-8 bytes: every request's `Host` comes here, and walking `Character`s cost
    /// more than the rest of the check.
    private static func name(of host: String) -> String {
        let utf8 = host.utf8
        if utf8.first == UInt8(ascii: "[") {
            guard let end = utf8.firstIndex(of: UInt8(ascii: "]")) else { return host }
            return String(host[...end])
        }
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")),
            !utf8[utf8.index(after: colon)...].contains(UInt8(ascii: ":"))
        else { return host }
        return String(host[..<colon])
    }
}
