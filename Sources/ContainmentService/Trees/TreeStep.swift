/// The part of a tree's state that a step run from outside the box (a route, a creation) may
/// change, under the tree's lock: the manual clock, the record the step leaves for the journal,
/// the requests held until their transitions finish. Routes get this handle, never the box's
/// whole state; it lives in that state, so handing it over copies nothing.
struct TreeStep {
    /// The manual clock's current time (seconds since 1970); unused on real trees. Only clock
    /// advances and scenario steps move it.
    var manualTime: Double
    /// What the step under way leaves for the journal; taken by `TreeBox.withTree` once the
    /// step returns (a step that throws leaves nothing).
    private(set) var record: PendingRecord?
    /// Requests answered once their transition finishes (`?wait=true`).
    var waiters = TransitionWaiters()

    init(manualTime: Double) {
        self.manualTime = manualTime
    }

    /// The journal keeps `record` as what this step did.
    mutating func journal(_ record: PendingRecord) { self.record = record }

    /// `waiter` is answered once its transition finishes, not now.
    mutating func hold(_ waiter: TransitionWaiter) { waiters.add(waiter) }

    /// What the step left for the journal, taken once: the next step starts with none.
    mutating func takeRecord() -> PendingRecord? {
        defer { record = nil }
        return record
    }
}
