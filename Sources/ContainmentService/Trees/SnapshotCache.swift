import Containment
import MicroHTTP

/// A tree's snapshot as encoded for reads at one version, so reads of an unchanged tree encode
/// nothing again (nor copy it: libmicrohttpd sends it in place); dropped at the next change to
/// free its memory early.
struct SnapshotCache {
    private var encoded: EncodedSnapshot?

    /// One version of a tree snapshot, in the representations asked for so far.
    private struct EncodedSnapshot {
        let json: HTTPSharedBytes
        /// Encoded lazily, on the version's first gzip read: identity-only clients never pay.
        var gzip: HTTPSharedBytes?
        /// The `?pretty` JSON, encoded lazily on the version's first pretty read: a
        /// 10,000-controller tree took 600 ms to encode on every such request.
        var pretty: HTTPSharedBytes?
        /// `"<incarnation>-<version>"`, naming the JSON as is.
        let entityTag: String
        /// `"<incarnation>-<version>-gzip"`: a strong tag names one representation, and the
        /// gzip-coded bytes are another.
        let gzipEntityTag: String
        /// The 200 answers of each, built into libmicrohttpd on their first read.
        var jsonResponse: HTTPPreparedResponse?
        var gzipResponse: HTTPPreparedResponse?
    }

    /// The representation of a snapshot one request gets: its 200 answer and the tag naming it.
    struct Representation: Sendable {
        let response: HTTPPreparedResponse
        let entityTag: String
    }

    /// The tree changed: the next read encodes it again.
    mutating func invalidate() { encoded = nil }

    /// The snapshot as compact JSON, or that JSON gzip-coded when `preference` chooses gzip
    /// for its size; each encoded at most once per version.
    mutating func representation(
        of tree: ContainmentTree, incarnation: UInt64, version: UInt64, _ preference: GzipPreference
    ) -> Representation {
        var encoded = encoded ?? Self.encode(tree, incarnation: incarnation, version: version)
        defer { self.encoded = encoded }
        let jsonResponse = encoded.jsonResponse ?? .snapshot(encoded.json, entityTag: encoded.entityTag, isGzip: false)
        encoded.jsonResponse = jsonResponse
        let identity = Representation(response: jsonResponse, entityTag: encoded.entityTag)
        guard preference.choosesGzip(forBodyOf: encoded.json.count) else { return identity }
        if encoded.gzip == nil {
            encoded.gzip = encoded.json.withUnsafeBytes(Gzip.compress).map(HTTPSharedBytes.init)
        }
        // Without memory for a compressor: as is, rather than failing the read.
        guard let gzip = encoded.gzip else { return identity }
        let gzipResponse = encoded.gzipResponse ?? .snapshot(gzip, entityTag: encoded.gzipEntityTag, isGzip: true)
        encoded.gzipResponse = gzipResponse
        return Representation(response: gzipResponse, entityTag: encoded.gzipEntityTag)
    }

    /// The snapshot as indented JSON, encoded at most once per version.
    mutating func pretty(of tree: ContainmentTree, incarnation: UInt64, version: UInt64) -> HTTPSharedBytes {
        var encoded = encoded ?? Self.encode(tree, incarnation: incarnation, version: version)
        defer { self.encoded = encoded }
        let pretty = encoded.pretty ?? HTTPSharedBytes(JSONCoding.encode(tree.snapshot(), pretty: true))
        encoded.pretty = pretty
        return pretty
    }

    private static func encode(_ tree: ContainmentTree, incarnation: UInt64, version: UInt64) -> EncodedSnapshot {
        EncodedSnapshot(
            json: HTTPSharedBytes(JSONCoding.encode(tree.snapshot(), pretty: false)),
            entityTag: "\"\(incarnation)-\(version)\"",
            gzipEntityTag: "\"\(incarnation)-\(version)-gzip\"")
    }
}
