import MicroHTTP

extension InspectorPage {
    /// The page as served: the stylesheet and the script inlined where inspector.html links them
    /// (so the file also opens on its own beside them), making one self-contained response that
    /// works offline. The files end with a newline the embedded literals drop; the hashes in the
    /// Content-Security-Policy are of the files, newline included.
    static let document: HTTPSharedBytes = {
        let page =
            html
            .replacing(#"<link rel="stylesheet" href="inspector.css">"#, with: "<style>\(css)\n</style>")
            .replacing(#"<script src="inspector.js"></script>"#, with: "<script>\(javascript)\n</script>")
        return HTTPSharedBytes(Array(page.utf8))
    }()

    /// `document` gzip-coded, compressed once on first use at the strongest level (nil without
    /// memory for a compressor).
    static let gzipDocument: HTTPSharedBytes? = document.withUnsafeBytes { Gzip.compress($0, level: Gzip.strongestLevel) }
        .map(HTTPSharedBytes.init)

    /// A strong tag names one representation: the gzip-coded bytes are another.
    static let gzipEntityTag = "\(entityTag.dropLast())-gzip\""

    /// Nothing but the inline style and script with these exact hashes runs; the page talks only
    /// to this origin (`fetch`, `EventSource`); the favicon is an empty `data:` URL.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src \(scriptHash); style-src \(styleHash); "
        + "connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// The page for a request: gzip-coded when its `Accept-Encoding` prefers gzip, `304 Not
    /// Modified` when its `If-None-Match` already names that representation. `no-cache` makes a
    /// browser revalidate (cheaply, by entity tag), so a new binary's page is never stale.
    static func response(to headers: HTTPHeaders) -> HTTPResponse {
        let gzip = GzipPreference(headers).choosesGzip(forBodyOf: document.count) ? gzipDocument : nil
        let tag = gzip == nil ? entityTag : gzipEntityTag
        var common: HTTPHeaders = ["ETag": tag, "Vary": "Accept-Encoding", "Cache-Control": "no-cache"]
        if let candidates = headers["If-None-Match"], EntityTag.list(candidates, matches: tag) {
            return HTTPResponse(status: 304, headers: common)
        }
        common.add(name: "Content-Type", value: "text/html; charset=utf-8")
        common.add(name: "Content-Security-Policy", value: contentSecurityPolicy)
        common.add(name: "Referrer-Policy", value: "no-referrer")
        if let gzip {
            common.add(name: "Content-Encoding", value: "gzip")
            return HTTPResponse(status: 200, headers: common, shared: gzip)
        }
        return HTTPResponse(status: 200, headers: common, shared: document)
    }
}
