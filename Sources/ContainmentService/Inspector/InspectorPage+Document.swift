import MicroHTTP

extension InspectorPage {
    /// The page as served, its stylesheet and scripts inlined.
    static let document = HTTPSharedBytes(Array(served.page.utf8))

    /// Nothing but the inline style and scripts with these exact hashes runs; the page talks only
    /// to this origin (`fetch`); the favicon is an empty `data:` URL.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src \(scriptHashes.joined(separator: " ")); style-src \(styleHash); "
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
