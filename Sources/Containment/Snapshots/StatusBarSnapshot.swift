/// The window's effective status bar after following the childFor… chain from the root.
public struct StatusBarSnapshot: Codable, Sendable, Equatable {
    public var style: StatusBarStyle
    public var hidden: Bool
    /// The controller whose `statusBarStyle` wins (nil without a root controller).
    public var decidedBy: String?
    /// The controller whose `statusBarHidden` wins; may differ from `decidedBy`.
    public var hiddenDecidedBy: String?

    public init(style: StatusBarStyle, hidden: Bool, decidedBy: String?, hiddenDecidedBy: String?) {
        self.style = style
        self.hidden = hidden
        self.decidedBy = decidedBy
        self.hiddenDecidedBy = hiddenDecidedBy
    }

    enum CodingKeys: String, CodingKey {
        case style, hidden, decidedBy, hiddenDecidedBy
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(style, forKey: .style)
        try container.encode(hidden, forKey: .hidden)
        try container.encode(decidedBy, forKey: .decidedBy)
        try container.encode(hiddenDecidedBy, forKey: .hiddenDecidedBy)
    }
}
