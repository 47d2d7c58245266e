import MicroHTTP

/// A body clients fetch again and again (the inspector page, the contract, the metrics),
/// answered as is or gzip-coded as `Accept-Encoding` prefers, each coding with its own strong
/// entity tag, and `304 Not Modified` to an `If-None-Match` that names it.
struct TaggedDocument: Sendable {
    let identity: HTTPSharedBytes
    /// Quoted; names the identity bytes, and with `-gzip` the gzip-coded ones.
    let entityTag: String
    /// The 200's other fields: `Content-Type`, caching, policies.
    let headers: HTTPHeaders
    /// Compressed ahead (a document sent many times) or nil, then on demand at the fast level.
    private let gzip: HTTPSharedBytes?

    /// With `entityTag` nil, the bytes' SHA-256 names them. A document sent many times is
    /// compressed now at the strongest level (`compressingNow`); one made for a request only
    /// when asked, at the fast level.
    init(_ identity: HTTPSharedBytes, entityTag: String? = nil, headers: HTTPHeaders, compressingNow: Bool) {
        self.identity = identity
        self.entityTag = entityTag ?? identity.withUnsafeBytes { Self.digestTag(Array($0)) }
        self.headers = headers
        gzip = compressingNow ? identity.withUnsafeBytes { Gzip.compress($0, level: Gzip.strongestLevel) }.map(HTTPSharedBytes.init) : nil
    }

    private static func digestTag(_ bytes: [UInt8]) -> String {
        "\"" + SHA256.hash(bytes).prefix(12).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() + "\""
    }

    var gzipEntityTag: String { "\(entityTag.dropLast())-gzip\"" }

    func response(to request: HTTPHeaders) -> HTTPResponse {
        var fields = headers
        var body = identity
        var tag = entityTag
        if GzipPreference(request).choosesGzip(forBodyOf: identity.count), let coded = gzip ?? compressed() {
            body = coded
            tag = gzipEntityTag
            fields.add(name: "Content-Encoding", value: "gzip")
        }
        fields.add(name: "ETag", value: tag)
        fields.add(name: "Vary", value: "Accept-Encoding")
        let response = HTTPResponse(status: 200, headers: fields, shared: body)
        guard let candidates = request["If-None-Match"], HTTPEntityTag.list(candidates, matches: tag) else { return response }
        return response.notModified
    }

    private func compressed() -> HTTPSharedBytes? {
        identity.withUnsafeBytes { Gzip.compress($0) }.map(HTTPSharedBytes.init)
    }
}
