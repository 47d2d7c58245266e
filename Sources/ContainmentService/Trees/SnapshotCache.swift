import Containment
import MicroHTTP

/// A tree's snapshot as encoded for reads at one version, so reads of an unchanged tree encode
/// nothing again (nor copy it: libmicrohttpd sends it in place). With a journal, the encoding
/// of the version a change replaced is kept until a read finds a later version durable: a read
/// while that change's commit is under way (a stalled disk or store) is answered with it at
/// once, as the last durable version, instead of waiting for a change it may never see.
struct SnapshotCache {
    private var encoded: EncodedSnapshot?
    /// The version before the newest change, when it was read and journaled.
    private var earlier: EncodedSnapshot?

    /// One version of a tree snapshot, in the representations asked for so far.
    private struct EncodedSnapshot {
        let version: UInt64
        /// The journal ticket the version needs durable (0: not journaled, nothing to wait for).
        let ticket: UInt64
        let json: HTTPSharedBytes
        /// Encoded lazily, on the version's first gzip read: identity-only clients never pay.
        var gzip: HTTPSharedBytes?
        /// The `?pretty` JSON, encoded lazily on the version's first pretty read: a
        /// 10,000-controller tree took 600 ms to encode on every such request.
        var pretty: HTTPSharedBytes?
        /// `"<incarnation>-<generation>-<version>"` (`"<incarnation>-<version>"` under
        /// generation 0), naming the JSON as is: the generation that made the version
        /// (`TreeHistory`) tells one given out before a crash lost it from the same number
        /// given to another change after.
        let entityTag: String
        /// `"<incarnation>-<generation>-<version>-gzip"`: a strong tag names one
        /// representation, and the gzip-coded bytes are another.
        let gzipEntityTag: String
        /// The 200 answers of each, built into libmicrohttpd on their first read.
        var jsonResponse: HTTPPreparedResponse?
        var gzipResponse: HTTPPreparedResponse?
    }

    /// The representation of a snapshot one request gets: its 200 answer and the tag naming it.
    struct Representation: Sendable {
        let response: HTTPPreparedResponse
        let entityTag: String
        let version: UInt64
        /// The journal ticket the answer must wait for: none left when `version` is the last
        /// durable one.
        let ticket: UInt64
        var isGzip: Bool { entityTag.hasSuffix("-gzip\"") }

        /// Whether `candidate` (an entity tag of `If-None-Match`) names this representation:
        /// its own tag, or the same version and coding tagged under an earlier generation whose
        /// history `history` vouches for (a restart that lost nothing keeps clients' tags).
        func isNamed(by candidate: Substring, incarnation: UInt64, history: TreeHistory) -> Bool {
            if candidate == entityTag { return true }
            guard candidate.count > 2, candidate.first == "\"", candidate.last == "\"" else { return false }
            var parts = candidate.dropFirst().dropLast().split(separator: "-", omittingEmptySubsequences: false)
            if isGzip {
                guard parts.last == "gzip" else { return false }
                parts.removeLast()
            }
            guard parts.count == 2 || parts.count == 3, UInt64(parts[0]) == incarnation, UInt64(parts[parts.count - 1]) == version,
                let generation = parts.count == 3 ? UInt64(parts[1]) : 0
            else { return false }
            return history.vouches(generation: generation, version: version)
        }
    }

    /// The tree changed: the next read encodes it again. A journaled encoding is kept as the
    /// earlier version; an older one is dropped when the version replaced was never read, so a
    /// read never goes back past a version a client may have seen.
    mutating func invalidate() {
        earlier = encoded.flatMap { $0.ticket != 0 ? $0 : nil }
        encoded = nil
    }

    /// The snapshot as compact JSON, or that JSON gzip-coded when `preference` chooses gzip
    /// for its size; each encoded at most once per version. `ticket`: the journal ticket the
    /// current version needs durable; `isDurable`: the journal's answer (nil without one).
    /// While `ticket` is not durable, the earlier version is the answer if it is.
    mutating func representation(
        of tree: ContainmentTree, incarnation: UInt64, history: TreeHistory, version: UInt64, ticket: UInt64,
        isDurable: ((UInt64) -> Bool)?, _ preference: GzipPreference
    ) -> Representation {
        if let isDurable, !isDurable(ticket), var earlier, isDurable(earlier.ticket) {
            defer { self.earlier = earlier }
            return Self.representation(of: &earlier, preference)
        }
        if isDurable?(ticket) ?? true { earlier = nil }
        var encoded = encoded ?? Self.encode(tree, incarnation: incarnation, history: history, version: version, ticket: ticket)
        defer { self.encoded = encoded }
        return Self.representation(of: &encoded, preference)
    }

    private static func representation(of encoded: inout EncodedSnapshot, _ preference: GzipPreference) -> Representation {
        let jsonResponse = encoded.jsonResponse ?? .snapshot(encoded.json, entityTag: encoded.entityTag, isGzip: false)
        encoded.jsonResponse = jsonResponse
        let identity = Representation(response: jsonResponse, entityTag: encoded.entityTag, version: encoded.version, ticket: encoded.ticket)
        guard preference.choosesGzip(forBodyOf: encoded.json.count) else { return identity }
        if encoded.gzip == nil {
            encoded.gzip = encoded.json.withUnsafeBytes(Gzip.compress).map(HTTPSharedBytes.init)
        }
        // Without memory for a compressor: as is, rather than failing the read.
        guard let gzip = encoded.gzip else { return identity }
        let gzipResponse = encoded.gzipResponse ?? .snapshot(gzip, entityTag: encoded.gzipEntityTag, isGzip: true)
        encoded.gzipResponse = gzipResponse
        return Representation(response: gzipResponse, entityTag: encoded.gzipEntityTag, version: encoded.version, ticket: encoded.ticket)
    }

    /// The snapshot as indented JSON, encoded at most once per version.
    mutating func pretty(
        of tree: ContainmentTree, incarnation: UInt64, history: TreeHistory, version: UInt64, ticket: UInt64
    ) -> HTTPSharedBytes {
        var encoded = encoded ?? Self.encode(tree, incarnation: incarnation, history: history, version: version, ticket: ticket)
        defer { self.encoded = encoded }
        let pretty = encoded.pretty ?? HTTPSharedBytes(JSONCoding.encode(tree.snapshot(), pretty: true))
        encoded.pretty = pretty
        return pretty
    }

    private static func encode(
        _ tree: ContainmentTree, incarnation: UInt64, history: TreeHistory, version: UInt64, ticket: UInt64
    ) -> EncodedSnapshot {
        let generation = history.generation(producing: version)
        let name = generation == 0 ? "\(incarnation)-\(version)" : "\(incarnation)-\(generation)-\(version)"
        return EncodedSnapshot(
            version: version, ticket: ticket, json: HTTPSharedBytes(JSONCoding.encode(tree.snapshot(), pretty: false)),
            entityTag: "\"\(name)\"", gzipEntityTag: "\"\(name)-gzip\"")
    }
}
