/// A whole tree as the API shows it.
public struct TreeSnapshot: Codable, Sendable, Equatable {
    public var id: String
    public var clock: String
    public var window: WindowSnapshot
    public var controllers: [String: ControllerSnapshot]
    /// Every view, including the window's own view `window`.
    public var views: [String: ViewSnapshot]
    public var lastSeq: UInt64
    /// A manual clock's current time (ISO-8601), so a client can step to `nextDueTime`; nil on
    /// the real clock, whose time is the reader's own.
    public var time: String?
    /// When the earliest running transition (or animated navigation change) completes; nil
    /// when none runs.
    public var nextDueTime: String?

    public init(
        id: String, clock: String, window: WindowSnapshot, controllers: [String: ControllerSnapshot],
        views: [String: ViewSnapshot], lastSeq: UInt64, time: String? = nil, nextDueTime: String? = nil
    ) {
        self.id = id
        self.clock = clock
        self.window = window
        self.controllers = controllers
        self.views = views
        self.lastSeq = lastSeq
        self.time = time
        self.nextDueTime = nextDueTime
    }
}
