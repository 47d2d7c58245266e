/// The token file: who may call the service. One token per line, `NAME ROLE SHA256HEX`
/// (role `user` or `admin`, the SHA-256 of the token in hex); blank lines and lines starting
/// with `#` are skipped. Only hashes are stored, so the file reveals no token; a request's
/// token is hashed and compared with every entry in constant time, so the time taken says
/// nothing about how close a guess came or which entry matched.
public struct AccessTokens: Sendable {
    struct Entry: Sendable {
        let caller: Caller
        let hash: [UInt8]
    }

    let entries: [Entry]

    /// Parses the file's text; a bad line is refused with its number, so a typo never opens
    /// or closes the service silently.
    public init(fileText: String) throws(AccessTokensError) {
        var entries: [Entry] = []
        var lines: [Int] = []
        for (index, rawLine) in fileText.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = rawLine.trimmedASCIIWhitespace
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            let number = index + 1
            guard fields.count == 3 else { throw .invalidLine(number, "expected NAME ROLE SHA256HEX") }
            guard let role = Caller.Role(rawValue: String(fields[1])) else {
                throw .invalidLine(number, "role must be user or admin, not \(fields[1])")
            }
            guard let hash = Self.bytes(hex: fields[2]) else {
                throw .invalidLine(number, "the hash must be 64 hex digits (the token's SHA-256)")
            }
            let name = String(fields[0])
            guard !entries.contains(where: { $0.caller.name == name }) else { throw .invalidLine(number, "name \(name) appears twice") }
            // One token under two names would take the role of whichever line matched last.
            if let twin = entries.firstIndex(where: { $0.hash == hash }) {
                throw .invalidLine(number, "the same hash as line \(lines[twin]) (\(entries[twin].caller.name)): one token cannot have two names")
            }
            entries.append(Entry(caller: Caller(name: name, role: role), hash: hash))
            lines.append(number)
        }
        guard !entries.isEmpty else { throw .noTokens }
        self.entries = entries
    }

    /// The caller `token` belongs to, or nil. Every entry is compared, whatever matches.
    func caller(forToken token: Substring) -> Caller? {
        let hash = SHA256.hash(Array(token.utf8))
        var found: Caller?
        for entry in entries where Self.constantTimeEqual(entry.hash, hash) { found = entry.caller }
        return found
    }

    /// The SHA-256 (hex) of the token named `name`: what the state directory keeps as a tree's
    /// owner, so ownership follows the token rather than its name.
    func tokenHash(ofCaller name: String) -> String? {
        entries.first { $0.caller.name == name }.map { SHA256.hex($0.hash) }
    }

    /// The name the token with hash `hex` has in this file, or nil when it is no longer there.
    func callerName(forTokenHash hex: String) -> String? {
        entries.first { SHA256.hex($0.hash) == hex }?.caller.name
    }

    /// The caller an `Authorization: Bearer TOKEN` header names, or nil.
    func caller(forAuthorization header: String?) -> Caller? {
        guard let header else { return nil }
        let value = header.trimmedASCIIWhitespace
        let scheme = "bearer "
        guard value.count > scheme.count, value.prefix(scheme.count).lowercased() == scheme else { return nil }
        let token = value.dropFirst(scheme.count).trimmedASCIIWhitespace
        return token.isEmpty ? nil : caller(forToken: token)
    }

    static func constantTimeEqual(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }

    private static func bytes(hex: Substring) -> [UInt8]? {
        guard hex.count == 64, hex.allSatisfy(\.isHexDigit) else { return nil }
        var bytes: [UInt8] = []
        var rest = hex[...]
        while !rest.isEmpty {
            guard let byte = UInt8(rest.prefix(2), radix: 16) else { return nil }
            bytes.append(byte)
            rest = rest.dropFirst(2)
        }
        return bytes
    }
}

/// Why a token file was refused.
public enum AccessTokensError: Error, Equatable, CustomStringConvertible {
    case invalidLine(Int, String)
    case noTokens

    public var description: String {
        switch self {
        case .invalidLine(let number, let reason): "token file line \(number): \(reason)"
        case .noTokens: "the token file holds no token"
        }
    }
}
