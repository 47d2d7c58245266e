/// A whole tree as the API shows it.
public struct TreeSnapshot: Codable, Sendable, Equatable {
    public var id: String
    public var clock: String
    public var window: WindowSnapshot
    public var controllers: [String: ControllerSnapshot]
    /// Every view, including the window's own view `window`.
    public var views: [String: ViewSnapshot]
    public var lastSeq: UInt64

    public init(
        id: String, clock: String, window: WindowSnapshot, controllers: [String: ControllerSnapshot],
        views: [String: ViewSnapshot], lastSeq: UInt64
    ) {
        self.id = id
        self.clock = clock
        self.window = window
        self.controllers = controllers
        self.views = views
        self.lastSeq = lastSeq
    }
}
