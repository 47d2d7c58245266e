import FoundationEssentials

/// The inspector served at `GET /`: `html`, `css` and `javascript` are inspector.html, .css and
/// .js beside this file, embedded at build time by Plugins/EmbedFilesPlugin so the binary needs
/// no resource bundle.
enum InspectorPage {
    /// The page as served and the names of this version, derived at run time: the optimizer
    /// folds an interpolation or `+` of constants into one more copy of the texts in the binary.
    static let served: (page: String, styleHash: String, scriptHash: String, entityTag: String) = {
        // The stylesheet and the script inlined where inspector.html links them (so the file also
        // opens on its own beside them): one self-contained response that works offline.
        let page =
            html
            .replacing(#"<link rel="stylesheet" href="inspector.css">"#, with: ["<style>", css, "</style>"].joined())
            .replacing(#"<script src="inspector.js"></script>"#, with: ["<script>", javascript, "</script>"].joined())
        let tag = SHA256.hex(SHA256.hash(Array(html.utf8) + Array(css.utf8) + Array(javascript.utf8))).prefix(20)
        return (page, policyHash(css), policyHash(javascript), "\"inspector-\(tag)\"")
    }()

    /// `'sha256-…'` of `css`, for the Content-Security-Policy's `style-src`.
    static var styleHash: String { served.styleHash }
    /// `'sha256-…'` of `javascript`, for the Content-Security-Policy's `script-src`.
    static var scriptHash: String { served.scriptHash }
    /// Names this version of the three files (a prefix of their SHA-256).
    static var entityTag: String { served.entityTag }

    private static func policyHash(_ text: String) -> String {
        "'sha256-\(Data(SHA256.hash(Array(text.utf8))).base64EncodedString())'"
    }
}
