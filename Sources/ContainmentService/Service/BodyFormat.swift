import MicroHTTP

/// The body formats the service reads. Specs may also come as YAML, the way storyboard-like
/// trees are easiest to write by hand.
enum BodyFormat: Sendable, Equatable {
    case json
    case yaml
    /// `text/x-swift`: UIKit code for `POST /v1/swift` (docs/swift.md).
    case swift

    /// The format a `Content-Type` names, parameters ignored; nil for anything else.
    init?(contentType: String?) {
        guard let contentType else { return nil }
        // What nearly every client sends, without parsing.
        if contentType == "application/json" {
            self = .json
            return
        }
        guard let mediaType = HTTPMediaType(contentType) else { return nil }
        switch (mediaType.type, mediaType.subtype) {
        case ("application", "json"): self = .json
        case ("application", "yaml"), ("application", "x-yaml"), ("text", "yaml"): self = .yaml
        case ("application", let subtype) where subtype.hasSuffix("+json"): self = .json
        case ("text", "x-swift"): self = .swift
        default: return nil
        }
    }

    /// The media type to name in a problem.
    var mediaType: String {
        switch self {
        case .json: "application/json"
        case .yaml: "application/yaml"
        case .swift: "text/x-swift"
        }
    }
}
