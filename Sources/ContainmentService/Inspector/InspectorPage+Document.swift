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

    /// Nothing but the inline style and script with these exact hashes runs; the page talks only
    /// to this origin (`fetch`); the favicon is an empty `data:` URL.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src \(scriptHash); style-src \(styleHash); "
        + "connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// The page, gzip-coded once at first use. `no-cache` makes a browser revalidate (cheaply,
    /// by entity tag), so a new binary's page is never stale.
    static let tagged = TaggedDocument(
        document, entityTag: entityTag,
        headers: [
            "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache",
            "Content-Security-Policy": contentSecurityPolicy, "Referrer-Policy": "no-referrer",
        ], compressingNow: true)
}
