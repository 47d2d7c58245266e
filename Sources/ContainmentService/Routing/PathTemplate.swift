/// A route's path, like `/v1/trees/{tree}/controllers/{id}`; the template is also the
/// metrics label, so it must stay free of client-chosen values.
struct PathTemplate: Sendable, Hashable, CustomStringConvertible {
    enum Segment: Sendable, Hashable {
        case literal(String)
        case parameter(String)
    }

    let description: String
    let segments: [Segment]

    init(_ template: String) {
        description = template
        segments = template.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { part in
            if part.hasPrefix("{") && part.hasSuffix("}") {
                .parameter(String(part.dropFirst().dropLast()))
            } else {
                .literal(String(part))
            }
        }
    }

    /// The parameters bound by `pathSegments`, or nil when the path is not this template's.
    func match(_ pathSegments: [Substring]) -> [String: String]? {
        guard pathSegments.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (segment, part) in zip(segments, pathSegments) {
            switch segment {
            case .literal(let literal):
                guard part == literal else { return nil }
            case .parameter(let name):
                guard !part.isEmpty else { return nil }
                parameters[name] = String(part)
            }
        }
        return parameters
    }
}
