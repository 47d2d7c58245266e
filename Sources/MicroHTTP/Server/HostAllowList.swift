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
    private static func name(of host: String) -> String {
        if host.hasPrefix("[") {
            guard let end = host.firstIndex(of: "]") else { return host }
            return String(host[...end])
        }
        guard host.count(where: { $0 == ":" }) == 1, let colon = host.firstIndex(of: ":") else { return host }
        return String(host[..<colon])
    }
}
