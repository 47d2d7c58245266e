/// A `postgresql://` URL (`--state-url`), parsed once: libpq gets the parts as a keyword/value
/// connection string built from this parse, and messages show only `redacted`, so no part of
/// the URL that may hold the password (its user part, its query's `password=`, a raw `@` in
/// it) ever reaches a log or an answer, and libpq never parses it differently.
public struct PostgresURL: Sendable, CustomStringConvertible {
    /// Why a URL is refused. It never quotes the URL: any part of a malformed one may be the
    /// password.
    public struct Invalid: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// libpq's `keyword='value'` form of every part.
    let connectionString: String
    /// `postgresql://HOST[:PORT][,…]/DATABASE`: without user, password or query.
    public let redacted: String
    /// The password, to blank in libpq's messages (none quotes it, but a new version might).
    private let password: String?

    public var description: String { redacted }

    /// Parses `postgresql://[USER[:PASSWORD]@][HOST][:PORT][,…][/DATABASE][?NAME=VALUE&…]`.
    /// The user part ends at the authority's last `@`, so a raw `@` in the password is read as
    /// meant; `/`, `?` and `#` in it must be percent-encoded.
    public init(_ text: String) throws(Invalid) {
        guard let scheme = ["postgresql://", "postgres://"].first(where: { text.hasPrefix($0) }) else {
            throw Invalid(description: "the state URL must start with postgresql://")
        }
        let rest = text.dropFirst(scheme.count)
        let authority = rest.prefix { $0 != "/" && $0 != "?" }
        let afterAuthority = rest.dropFirst(authority.count)
        let path = afterAuthority.prefix { $0 != "?" }
        let query = afterAuthority.dropFirst(path.count).dropFirst()
        let userEnds = authority.lastIndex(of: "@")
        if path.contains("@") || (userEnds == nil && query.contains("@")) || afterAuthority.contains("#") {
            throw Invalid(description: "the state URL's password must percent-encode any / ? # it holds (%2F %3F %23)")
        }
        var keywords: [(String, String)] = []
        let hostPart: Substring
        if let at = userEnds {
            let userInfo = authority[..<at]
            let user = userInfo.prefix { $0 != ":" }
            keywords.append(("user", try Self.decoded(user, "user")))
            if user.count < userInfo.count {
                keywords.append(("password", try Self.decoded(userInfo.dropFirst(user.count + 1), "password")))
            }
            hostPart = authority[authority.index(after: at)...]
        } else {
            hostPart = authority
        }
        var hosts: [String] = []
        var ports: [String] = []
        for entry in hostPart.split(separator: ",", omittingEmptySubsequences: false) {
            let (host, port) = try Self.hostAndPort(entry)
            hosts.append(host)
            ports.append(port)
        }
        if hosts.contains(where: { !$0.isEmpty }) { keywords.append(("host", hosts.joined(separator: ","))) }
        if ports.contains(where: { !$0.isEmpty }) { keywords.append(("port", ports.joined(separator: ","))) }
        let database = path.dropFirst()
        if !database.isEmpty { keywords.append(("dbname", try Self.decoded(database, "database name"))) }
        for parameter in query.split(separator: "&") {
            guard let equals = parameter.firstIndex(of: "=") else {
                throw Invalid(description: "each query parameter of the state URL must be NAME=VALUE")
            }
            let name = try Self.decoded(parameter[..<equals], "query parameter name")
            let value = try Self.decoded(parameter[parameter.index(after: equals)...], "query parameter value")
            // libpq's one alias in URLs (JDBC's).
            keywords.append(name == "ssl" && value == "true" ? ("sslmode", "require") : (name, value))
        }
        connectionString = keywords.map { "\($0.0)=\(Self.quoted($0.1))" }.joined(separator: " ")
        password = keywords.last { $0.0 == "password" }?.1
        redacted = "postgresql://\(hostPart)\(path.isEmpty ? "/" : path)"
    }

    /// `message` (libpq's) with the password blanked.
    func scrubbed(_ message: String) -> String {
        guard let password, !password.isEmpty else { return message }
        return message.replacing(password, with: "***")
    }

    /// One `HOST[:PORT]` entry (`[IPv6]` bracketed), both percent-decoded; the port checked.
    private static func hostAndPort(_ entry: Substring) throws(Invalid) -> (String, String) {
        var host = entry
        var port: Substring = ""
        if entry.hasPrefix("[") {
            guard let close = entry.firstIndex(of: "]") else { throw Invalid(description: "the state URL's IPv6 host lacks its ]") }
            host = entry[entry.index(after: entry.startIndex)..<close]
            let after = entry[entry.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw Invalid(description: "the state URL's IPv6 host must be followed by :PORT or nothing") }
                port = after.dropFirst()
            }
        } else if let colon = entry.lastIndex(of: ":") {
            host = entry[..<colon]
            port = entry[entry.index(after: colon)...]
        }
        if !port.isEmpty {
            guard port.allSatisfy(\.isASCII), let number = Int(port), (1...65_535).contains(number) else {
                throw Invalid(description: "the state URL's port must be a number from 1 to 65535")
            }
        }
        return (try decoded(host, "host"), String(port))
    }

    /// `part` percent-decoded; `name` says which part was not, never what it holds.
    private static func decoded(_ part: Substring, _ name: String) throws(Invalid) -> String {
        var bytes: [UInt8] = []
        var utf8 = part.utf8.makeIterator()
        while let byte = utf8.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = utf8.next().flatMap(hexValue), let low = utf8.next().flatMap(hexValue) else {
                throw Invalid(description: "the state URL's \(name) has a % not followed by two hex digits")
            }
            bytes.append(high << 4 | low)
        }
        guard !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self) else {
            throw Invalid(description: "the state URL's \(name) is not UTF-8 without NUL once decoded")
        }
        return text
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// A connection string's value: in single quotes, `\` and `'` escaped.
    private static func quoted(_ value: String) -> String {
        "'" + value.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }
}
