/// The screen edges on which the window defers system gestures, after following the
/// `childForScreenEdgesDeferringSystemGestures` chain (and full-screen presentations) from the root.
public struct ScreenEdgesSnapshot: Codable, Sendable, Equatable {
    public var edges: [ScreenEdge]
    /// The controller whose `preferredScreenEdgesDeferringSystemGestures` wins (nil without a root controller).
    public var decidedBy: String?

    public init(edges: [ScreenEdge], decidedBy: String?) {
        self.edges = edges
        self.decidedBy = decidedBy
    }

    enum CodingKeys: String, CodingKey {
        case edges, decidedBy
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(edges, forKey: .edges)
        try container.encode(decidedBy, forKey: .decidedBy)
    }
}
