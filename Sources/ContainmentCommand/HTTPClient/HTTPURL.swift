/// The parts of an `http://host[:port]/path` URL the command's HTTP client needs.
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
