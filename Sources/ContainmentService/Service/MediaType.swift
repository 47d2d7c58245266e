/// The body formats the service reads. Specs may also come as YAML, the way storyboard-like
/// trees are easiest to write by hand.
enum MediaType: Sendable, Equatable {
    case json
    case yaml

    /// The format a `Content-Type` names, parameters ignored; nil for anything else.
    init?(contentType: String?) {
        guard let contentType else { return nil }
        // What nearly every client sends, without splitting and lowercasing.
        if contentType == "application/json" {
            self = .json
            return
        }
        let essence =
            contentType.split(separator: ";", maxSplits: 1).first.map {
                $0.trimmingSpacesAndTabs.lowercased()
            } ?? ""
        switch essence {
        case "application/json": self = .json
        case "application/yaml", "application/x-yaml", "text/yaml": self = .yaml
        case _ where essence.hasPrefix("application/") && essence.hasSuffix("+json"): self = .json
        default: return nil
        }
    }
}
