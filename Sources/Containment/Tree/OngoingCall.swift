/// The call in progress: its time, the events it records until it commits, what it returns,
/// and the caches and flags that live within a call; with the seq and batch numbers its
/// events continue from the calls before.
struct OngoingCall {
    /// The time of the call in progress.
    var now: Double = 0
    /// Events of the call in progress, committed to the tree's log when it succeeds.
    var events: [Event] = []
    var nextSeq: UInt64 = 1
    /// The `batch` of the call in progress; taken by the next mutation once this one has events.
    var nextBatch: UInt64 = 1
    /// What the raw call in progress returns (`targetViewController`), collected by `perform`.
    var result: JSONValue?
    /// The last `["parent": id]` built (see `parentArguments`).
    var lastParentArguments: (id: String, args: [String: JSONValue])?
    /// The last `["frame": …]` a recipe built (see `frameArguments`).
    var lastFrameArguments: (frame: Rect, args: [String: JSONValue])?
    /// Units of work done (nodes visited); lets tests prove costs grow with depth, not size.
    var workCount = 0
    /// A driven-controller walk is collecting for its caller (see `forEachDrivenController`).
    var collectingWalk = false
    /// Between `begin` and the call's end; outside a call only reads walk the tree, and a
    /// walk of theirs that loops stops without failing anything (a read records nothing).
    private(set) var isOpen = false
    /// Page view controllers whose interactive page turn is ending: an override cannot begin
    /// another until the end is over (docs/uikit-rules-page-view-controller.md).
    var endingPageSwipes: Set<String> = []
    /// The completion block the next `transition` raw call starts with (`perform(_:completions:now:)`).
    var pendingCompletion: [RawCall] = []

    /// Room for the events of a typical call, so the list grows once rather than four times.
    static let typicalEventsPerCall = 16

    mutating func begin(now: Double) {
        isOpen = true
        self.now = now
        events = []
        events.reserveCapacity(Self.typicalEventsPerCall)
    }

    /// Ends a refused call: its events are dropped, their seqs were rolled back.
    mutating func abandon() {
        isOpen = false
        events = []
    }

    /// Drops the events recorded after a mark, and their seqs.
    mutating func rollBack(eventCount: Int, nextSeq: UInt64) {
        events.removeLast(events.count - eventCount)
        self.nextSeq = nextSeq
    }

    /// Ends the call: hands its events over, the next call taking a new batch if it had any.
    mutating func takeEvents() -> [Event] {
        isOpen = false
        if !events.isEmpty { nextBatch += 1 }
        let taken = events
        events = []
        return taken
    }

    /// `EventArguments.parent(id)`, reused while the parent stays the same: a move's
    /// `willMove` and `didMove` name the same parent, and a fresh dictionary costs an
    /// allocation and a hash per event. Events share it copy-on-write.
    mutating func parentArguments(_ id: String?) -> [String: JSONValue] {
        guard let id else { return EventArguments.parent(nil) }
        if let last = lastParentArguments, last.id == id { return last.args }
        let args = EventArguments.parent(id)
        lastParentArguments = (id, args)
        return args
    }
}
