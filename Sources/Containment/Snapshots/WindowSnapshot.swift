/// The window of a tree.
public struct WindowSnapshot: Codable, Sendable, Equatable {
    public var size: Size
    public var horizontalSizeClass: SizeClass
    public var visible: Bool
    public var rootViewController: String?
    public var statusBar: StatusBarSnapshot

    public init(size: Size, horizontalSizeClass: SizeClass, visible: Bool, rootViewController: String?, statusBar: StatusBarSnapshot) {
        self.size = size
        self.horizontalSizeClass = horizontalSizeClass
        self.visible = visible
        self.rootViewController = rootViewController
        self.statusBar = statusBar
    }

    enum CodingKeys: String, CodingKey {
        case size, horizontalSizeClass, visible, rootViewController, statusBar
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(size, forKey: .size)
        try container.encode(horizontalSizeClass, forKey: .horizontalSizeClass)
        try container.encode(visible, forKey: .visible)
        try container.encode(rootViewController, forKey: .rootViewController)
        try container.encode(statusBar, forKey: .statusBar)
    }
}
