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
    /// Literals are compared before anything is bound: most templates a path is tried
    /// against fail on a literal, and binding allocates.
    func match(_ pathSegments: [Substring]) -> [String: String]? {
        guard pathSegments.count == segments.count else { return nil }
        for (segment, part) in zip(segments, pathSegments) {
            switch segment {
            case .literal(let literal):
                guard part.utf8.elementsEqual(literal.utf8) else { return nil }
            case .parameter:
                guard !part.isEmpty else { return nil }
            }
        }
        var parameters: [String: String] = [:]
        for case (.parameter(let name), let part) in zip(segments, pathSegments) {
            parameters[name] = String(part)
        }
        return parameters
    }
}
