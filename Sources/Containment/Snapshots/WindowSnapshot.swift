/// The window of a tree.
public struct WindowSnapshot: Codable, Sendable, Equatable {
    public var size: Size
    public var horizontalSizeClass: SizeClass
    public var visible: Bool
    public var rootViewController: String?
    public var statusBar: StatusBarSnapshot
    public var homeIndicator: HomeIndicatorSnapshot
    public var screenEdgesDeferringSystemGestures: ScreenEdgesSnapshot
    /// The scene's activation state.
    public var activationState: ActivationState

    public init(
        size: Size, horizontalSizeClass: SizeClass, visible: Bool, rootViewController: String?, statusBar: StatusBarSnapshot,
        homeIndicator: HomeIndicatorSnapshot = HomeIndicatorSnapshot(autoHidden: false, decidedBy: nil),
        screenEdgesDeferringSystemGestures: ScreenEdgesSnapshot = ScreenEdgesSnapshot(edges: [], decidedBy: nil),
        activationState: ActivationState = .foregroundActive
    ) {
        self.size = size
        self.horizontalSizeClass = horizontalSizeClass
        self.visible = visible
        self.rootViewController = rootViewController
        self.statusBar = statusBar
        self.homeIndicator = homeIndicator
        self.screenEdgesDeferringSystemGestures = screenEdgesDeferringSystemGestures
        self.activationState = activationState
    }

    enum CodingKeys: String, CodingKey {
        case size, horizontalSizeClass, visible, rootViewController, statusBar
        case homeIndicator, screenEdgesDeferringSystemGestures, activationState
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(size, forKey: .size)
        try container.encode(horizontalSizeClass, forKey: .horizontalSizeClass)
        try container.encode(visible, forKey: .visible)
        try container.encode(rootViewController, forKey: .rootViewController)
        try container.encode(statusBar, forKey: .statusBar)
        try container.encode(homeIndicator, forKey: .homeIndicator)
        try container.encode(screenEdgesDeferringSystemGestures, forKey: .screenEdgesDeferringSystemGestures)
        try container.encode(activationState, forKey: .activationState)
    }
}
