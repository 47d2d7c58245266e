import FoundationEssentials

/// The inspector served at `GET /`: `html` and `css` are inspector.html and .css beside this
/// file, `scripts` the files of `Scripts/` (name and text), embedded at build time by
/// Plugins/EmbedFilesPlugin so the binary needs no resource bundle.
enum InspectorPage {
    /// The page as served and the names of this version, derived at run time: the optimizer
    /// folds an interpolation or `+` of constants into one more copy of the texts in the binary.
    static let served: (page: String, styleHash: String, scriptHashes: [String], entityTag: String) = {
        // The stylesheet and each script inlined where inspector.html links them (so the file
        // also opens on its own beside them): one self-contained response that works offline.
        var page = html.replacing(#"<link rel="stylesheet" href="inspector.css">"#, with: ["<style>", css, "</style>"].joined())
        for script in scripts {
            page = page.replacing(scriptTag(script.name), with: ["<script>", script.text, "</script>"].joined())
        }
        let texts = [html, css] + scripts.flatMap { [$0.name, $0.text] }
        let tag = SHA256.hex(SHA256.hash(texts.flatMap { Array($0.utf8) + [0] })).prefix(20)
        return (page, policyHash(css), scripts.map { policyHash($0.text) }, "\"inspector-\(tag)\"")
    }()

    /// `'sha256-…'` of `css`, for the Content-Security-Policy's `style-src`.
    static var styleHash: String { served.styleHash }
    /// `'sha256-…'` of each script, for the Content-Security-Policy's `script-src`.
    static var scriptHashes: [String] { served.scriptHashes }
    /// Names this version of the files (a prefix of their SHA-256).
    static var entityTag: String { served.entityTag }

    /// How inspector.html links the script `name` of `Scripts/`.
    static func scriptTag(_ name: String) -> String {
        #"<script src="Scripts/"# + name + #""></script>"#
    }

    private static func policyHash(_ text: String) -> String {
        "'sha256-\(Data(SHA256.hash(Array(text.utf8))).base64EncodedString())'"
    }
}
