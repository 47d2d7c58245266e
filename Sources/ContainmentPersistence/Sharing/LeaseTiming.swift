/// How long an instance's lease on its trees lasts and how often it is renewed. A dead or
/// paused instance's trees can be taken over `duration` after its last renewal; a live one
/// renews every `renewal`, so it may miss `duration / renewal - 1` renewals (a stall, a slow
/// database) before it loses its trees.
public struct LeaseTiming: Sendable, Equatable {
    public var duration: Duration
    public var renewal: Duration
    /// This instance counts its lease as lapsed this much before the database would: renewals
    /// are timed from when they were sent, and two clocks never run exactly alike.
    public var margin: Duration

    /// 3 s, renewed every 0.5 s: a dead instance's trees move within 3 s (docs/deployment.md).
    public static let standard = LeaseTiming(duration: .seconds(3), renewal: .milliseconds(500), margin: .milliseconds(300))

    public init(duration: Duration, renewal: Duration, margin: Duration) {
        self.duration = duration
        self.renewal = renewal
        self.margin = margin
    }

    /// How long the lease keeper waits for a tree's row when it gives the tree up at once
    /// (a fifth of `renewal`): a row locked by a long transaction never holds renewals up.
    var releaseLockWait: Duration { renewal / 5 }

    /// The duration as a PostgreSQL interval literal's number of seconds.
    var seconds: Double { Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18 }
}
