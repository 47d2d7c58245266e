import Containment
import MicroHTTP

/// A tree's snapshot as encoded for reads at one version, so reads of an unchanged tree encode
/// nothing again (nor copy it: libmicrohttpd sends it in place). With a journal a change keeps
/// the encoding: reads show the last durable version (`TreeBox.readDurable`), which stays the
/// version the change replaced until its record is durable.
struct SnapshotCache {
    private var encoded: EncodedSnapshot?

    /// One version of a tree snapshot, in the representations asked for so far.
    private struct EncodedSnapshot {
        let version: UInt64
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

    /// The tree changed. Without a journal no read shows the version replaced, so its encoding
    /// goes; with one (`keepingEncoding`) it stays, the likely answer while the change is
    /// committed, until a read asks for another version.
    mutating func changed(keepingEncoding: Bool) {
        if !keepingEncoding { encoded = nil }
    }

    /// The snapshot of `tree` at `version` as compact JSON, or that JSON gzip-coded when
    /// `preference` chooses gzip for its size; each encoded at most once per version.
    mutating func representation(
        of tree: ContainmentTree, incarnation: UInt64, history: TreeHistory, version: UInt64, _ preference: GzipPreference
    ) -> Representation {
        var encoded = encoding(of: tree, incarnation: incarnation, history: history, version: version)
        defer { self.encoded = encoded }
        return Self.representation(of: &encoded, preference)
    }

    /// The same when `version` is the one encoded, without the tree: nil when it is not.
    mutating func cachedRepresentation(version: UInt64, _ preference: GzipPreference) -> Representation? {
        guard var encoded, encoded.version == version else { return nil }
        defer { self.encoded = encoded }
        return Self.representation(of: &encoded, preference)
    }

    private static func representation(of encoded: inout EncodedSnapshot, _ preference: GzipPreference) -> Representation {
        let jsonResponse = encoded.jsonResponse ?? .snapshot(encoded.json, entityTag: encoded.entityTag, isGzip: false)
        encoded.jsonResponse = jsonResponse
        let identity = Representation(response: jsonResponse, entityTag: encoded.entityTag, version: encoded.version)
        guard preference.choosesGzip(forBodyOf: encoded.json.count) else { return identity }
        if encoded.gzip == nil {
            encoded.gzip = encoded.json.withUnsafeBytes(Gzip.compress).map(HTTPSharedBytes.init)
        }
        // Without memory for a compressor: as is, rather than failing the read.
        guard let gzip = encoded.gzip else { return identity }
        let gzipResponse = encoded.gzipResponse ?? .snapshot(gzip, entityTag: encoded.gzipEntityTag, isGzip: true)
        encoded.gzipResponse = gzipResponse
        return Representation(response: gzipResponse, entityTag: encoded.gzipEntityTag, version: encoded.version)
    }

    /// The snapshot as indented JSON, encoded at most once per version.
    mutating func pretty(of tree: ContainmentTree, incarnation: UInt64, history: TreeHistory, version: UInt64) -> HTTPSharedBytes {
        var encoded = encoding(of: tree, incarnation: incarnation, history: history, version: version)
        defer { self.encoded = encoded }
        let pretty = encoded.pretty ?? HTTPSharedBytes(JSONCoding.encode(tree.snapshot(), pretty: true))
        encoded.pretty = pretty
        return pretty
    }

    /// The indented JSON of `version` when it was encoded already; nil when it was not.
    func cachedPretty(version: UInt64) -> HTTPSharedBytes? {
        encoded?.version == version ? encoded?.pretty : nil
    }

    /// The version's encoding: the cached one, or a new one replacing it.
    private func encoding(of tree: ContainmentTree, incarnation: UInt64, history: TreeHistory, version: UInt64) -> EncodedSnapshot {
        if let encoded, encoded.version == version { return encoded }
        let generation = history.generation(producing: version)
        let name = generation == 0 ? "\(incarnation)-\(version)" : "\(incarnation)-\(generation)-\(version)"
        return EncodedSnapshot(
            version: version, json: HTTPSharedBytes(JSONCoding.encode(tree.snapshot(), pretty: false)), entityTag: "\"\(name)\"",
            gzipEntityTag: "\"\(name)-gzip\"")
    }
}
