/// What a step run from outside the box (a route, a creation) may do besides changing the
/// engine's tree, under the tree's lock: move the manual clock, leave a record for the journal,
/// hold a request until its transition finishes. The box takes these from it once the step
/// returns (`TreeBox.step`), so a route never writes the box's own state.
struct TreeStep {
    /// The manual clock's time (seconds since 1970); only clock advances and scenario steps
    /// move it. Kept even when the step throws, as a moved clock has moved.
    var manualTime: Double
    /// What the step leaves for the journal; nil journals nothing.
    private(set) var record: PendingRecord?
    /// A request to answer once its transition finishes (`?wait=true`).
    private(set) var waiter: TransitionWaiter?

    init(manualTime: Double) {
        self.manualTime = manualTime
    }

    /// The journal keeps `record` as what this step did.
    mutating func journal(_ record: PendingRecord) { self.record = record }

    /// `waiter` is answered once its transition finishes, not now.
    mutating func hold(_ waiter: TransitionWaiter) { self.waiter = waiter }
}
