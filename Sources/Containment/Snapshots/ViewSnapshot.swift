/// A view as the API shows it.
public struct ViewSnapshot: Codable, Sendable, Equatable {
    public var id: String
    public var frame: Rect
    public var superview: String?
    public var subviews: [String]
    /// The controller whose root view this is; nil for container views and the window.
    public var owner: String?
    public var inWindow: Bool

    public init(id: String, frame: Rect, superview: String?, subviews: [String], owner: String?, inWindow: Bool) {
        self.id = id
        self.frame = frame
        self.superview = superview
        self.subviews = subviews
        self.owner = owner
        self.inWindow = inWindow
    }

    enum CodingKeys: String, CodingKey {
        case id, frame, superview, subviews, owner, inWindow
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(frame, forKey: .frame)
        try container.encode(superview, forKey: .superview)
        try container.encode(subviews, forKey: .subviews)
        try container.encode(owner, forKey: .owner)
        try container.encode(inWindow, forKey: .inWindow)
    }
}
