/// Whether the window auto-hides its home indicator, after following the
/// `childForHomeIndicatorAutoHidden` chain (and full-screen presentations) from the root.
public struct HomeIndicatorSnapshot: Codable, Sendable, Equatable {
    public var autoHidden: Bool
    /// The controller whose `prefersHomeIndicatorAutoHidden` wins (nil without a root controller).
    public var decidedBy: String?

    public init(autoHidden: Bool, decidedBy: String?) {
        self.autoHidden = autoHidden
        self.decidedBy = decidedBy
    }

    enum CodingKeys: String, CodingKey {
        case autoHidden, decidedBy
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(autoHidden, forKey: .autoHidden)
        try container.encode(decidedBy, forKey: .decidedBy)
    }
}
