/// How a tree starts: its window, whether it is on screen, and the limits that keep one tree
/// from exhausting the service.
public struct TreeConfiguration: Codable, Sendable, Equatable {
    public var windowSize: Size
    public var horizontalSizeClass: SizeClass
    /// Whether the window is made key and visible once the root is built.
    public var onScreen: Bool
    /// "real" or "manual"; only echoed in snapshots, since the engine never reads a clock.
    public var clock: String
    /// How many events are retained for replay.
    public var eventRetention: Int
    public var maxControllers: Int

    public init(
        windowSize: Size = Size(width: 390, height: 844), horizontalSizeClass: SizeClass = .compact,
        onScreen: Bool = true, clock: String = "real", eventRetention: Int = 10_000, maxControllers: Int = 100_000
    ) {
        self.windowSize = windowSize
        self.horizontalSizeClass = horizontalSizeClass
        self.onScreen = onScreen
        self.clock = clock
        self.eventRetention = eventRetention
        self.maxControllers = maxControllers
    }

    /// Events one call may record (`too_many_events`): twice what the largest allowed tree
    /// records when it is built and shown in one call (about ten per controller), at least
    /// 10,000, and far below what a loop of overrides would hold in memory.
    public var maxEventsPerCall: Int { max(10_000, 20 * maxControllers) }
}
