/// One window with its view controllers and views, behaving as UIKit's view controller
/// containment does. Every mutating method is one run-loop turn: it returns the callbacks
/// UIKit would deliver, in order, and on error throws having changed nothing, not even `seq`.
///
/// Not thread-safe: the service serializes access. Pure: time is passed in as `now`
/// (seconds since 1970) and never read.
public final class ContainmentTree {
    public let id: String
    public let configuration: TreeConfiguration
    /// The events building the root spec and showing the window caused.
    public private(set) var creationEvents: [Event] = []

    // The tree's state, in owned parts that each keep their own rules. Release builds skip
    // runtime exclusivity checks on them, a large share of a call's instructions: one caller
    // uses a tree at a time (the service serializes) and the engine never re-enters itself.
    // Debug builds, which the tests use, keep them, so an overlapping access still traps
    // there; separate parts are what lets one part be read while another is being changed.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var nodes: TreeNodes
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var ongoing = OngoingCall()
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var time = Timeline()
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var overrides = OverrideState()
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var log: EventLog
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var undo = UndoLog()
    /// The undo entries of accepted calls, while `keepsChanges` is on (see `pastVersion`).
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var kept = KeptChanges()

    /// Builds the tree; with a root spec, builds it call by call, sets it as the window's
    /// root and, if `configuration.onScreen`, makes the window key and visible.
    public init(id: String, configuration: TreeConfiguration = TreeConfiguration(), root: ControllerSpec? = nil, now: Double) throws(ContainmentError) {
        guard TreeValidation.isValidID(id) else {
            throw .invalidArgument(field: "id", "tree id must match [A-Za-z0-9._-]{1,64}")
        }
        guard configuration.windowSize.width >= 0, configuration.windowSize.height >= 0,
            configuration.windowSize.width.isFinite, configuration.windowSize.height.isFinite
        else { throw .invalidArgument(field: "window.size", "window size must be finite and not negative") }
        guard configuration.eventRetention > 0 else {
            throw .invalidArgument(field: "eventRetention", "eventRetention must be positive")
        }
        self.id = id
        self.configuration = configuration
        self.nodes = TreeNodes(window: WindowState(size: configuration.windowSize, horizontalSizeClass: configuration.horizontalSizeClass))
        self.log = EventLog(capacity: configuration.eventRetention)
        creationEvents = try mutate(now: now) { () throws(ContainmentError) in
            var presentations: [RawCall] = []
            if let root {
                presentations = try buildSpec(root, field: "root")
                try setRootViewController(root.id)
            }
            if configuration.onScreen {
                makeKeyAndVisible()
            }
            try runCalls(presentations)
        }
    }

    /// A tree sharing `other`'s state: each part is copied only once one of the two changes it
    /// (copy-on-write), so the copy costs nothing until then. Keeps no changes of its own.
    init(copying other: ContainmentTree) {
        id = other.id
        configuration = other.configuration
        creationEvents = other.creationEvents
        nodes = other.nodes
        ongoing = other.ongoing
        time = other.time
        overrides = other.overrides
        log = other.log
        undo = other.undo
    }

    // MARK: Reading

    /// The seq of the newest event (0 before the first).
    public var lastSeq: UInt64 { ongoing.nextSeq - 1 }

    /// The seq of the oldest event still retained (`lastSeq + 1` when none are).
    public var oldestRetainedSeq: UInt64 { log.oldestRetainedSeq }

    public var controllerCount: Int { nodes.controllers.count }

    /// Events with seq greater than `after`, at most `limit`; `eventsGone` when some of
    /// them were already dropped from retention.
    public func events(after: UInt64, limit: Int) throws(ContainmentError) -> [Event] {
        guard limit > 0 else { throw .invalidArgument(field: "limit", "limit must be positive") }
        let oldest = log.oldestRetainedSeq  // at least 1
        if after < oldest - 1 {
            throw ContainmentError(
                kind: .eventsGone, code: "events_gone",
                message: "events after \(after) are no longer retained; the oldest retained is \(oldest)",
                oldestSeq: oldest)
        }
        return log.events(after: after, limit: limit)
    }

    // MARK: Controllers

    /// Creates a detached controller, or a detached subtree with embedded children.
    public func createController(_ spec: ControllerSpec, now: Double) throws(ContainmentError) -> [Event] {
        try mutate(now: now) { () throws(ContainmentError) in try buildSpec(spec, field: nil) }
    }

    /// Changes settable fields; emits `preferredContentSizeDidChange` on the parent and
    /// `propertyDidChange` per changed property, as KVO observers would see them.
    public func updateController(_ id: String, _ patch: ControllerPatch, now: Double) throws(ContainmentError) -> [Event] {
        try mutate(now: now) { () throws(ContainmentError) in try applyPatch(patch, to: id) }
    }

    /// Deletes a detached controller (no parent, not the window's root, view not in a
    /// superview) and its descendants.
    public func deleteController(_ id: String, now: Double) throws(ContainmentError) -> [Event] {
        try mutate(now: now) { () throws(ContainmentError) in try deleteSubtree(id) }
    }

    // MARK: Recipes

    /// The `displayContentController` listing of Apple's *Implementing a Container View
    /// Controller*: addChild, frame, addSubview, didMove (docs/uikit-rules.md, "Recipes").
    public func displayContentController(_ child: String, in parent: String, containerView: String? = nil, frame: Rect? = nil, now: Double)
        throws(ContainmentError) -> [Event]
    {
        try mutate(now: now) { () throws(ContainmentError) in
            try runCalls(try displayContentControllerCalls(child: child, parent: parent, containerView: containerView, frame: frame))
        }
    }

    /// The guide's `hideContentController`: willMove(nil), removeFromSuperview, removeFromParent.
    public func hideContentController(_ child: String, from parent: String, now: Double) throws(ContainmentError) -> [Event] {
        try mutate(now: now) { () throws(ContainmentError) in
            try runCalls(try hideContentControllerCalls(child: child, parent: parent))
        }
    }

    /// The guide's `cycleFromViewController`: willMove(nil) on the old child, addChild the new,
    /// transition(from:to:); its completion removes the old and calls didMove on the new.
    /// With duration 0 it completes within this call.
    public func cycleFromViewController(
        _ from: String, to: String, in parent: String, duration: Double = 0.25, options: [String] = [], now: Double
    ) throws(ContainmentError) -> (TransitionSnapshot, [Event]) {
        var started: String?
        let events = try mutate(now: now) { () throws(ContainmentError) in
            let calls = try cycleFromViewControllerCalls(parent: parent, from: from, to: to, duration: duration, options: options)
            try runCalls(calls.prepare)
            started = try startTransition(
                parent: parent, from: from, to: to, duration: duration, options: options, completion: calls.completion,
                field: "")
        }
        guard let started, let snapshot = transitionSnapshot(started) else {
            throw .notFound(code: "transition_not_found", "transition vanished")
        }
        return (snapshot, events)
    }

    /// A running or finished transition.
    public func transition(_ id: String) throws(ContainmentError) -> TransitionSnapshot {
        guard let snapshot = transitionSnapshot(id) else {
            throw .notFound(code: "transition_not_found", "no transition \(id)")
        }
        return snapshot
    }

    // MARK: Raw calls

    /// Runs UIKit calls in order as one run-loop turn. The first call UIKit would reject
    /// stops the list; earlier calls stay applied unless `atomic`, which applies all or none.
    public func perform(_ calls: [RawCall], atomic: Bool, now: Double) -> CallsOutcome {
        perform(calls, atomic: atomic, now: now, completions: nil)
    }

    /// `perform` for a translator of app code: `completions` are the completion blocks of the
    /// `transition` calls at those indices, and the outcome says where each call's events end.
    public func perform(_ calls: [RawCall], completions: [Int: [RawCall]], now: Double) -> CallsOutcome {
        perform(calls, atomic: false, now: now, completions: completions)
    }

    private func perform(_ calls: [RawCall], atomic: Bool, now: Double, completions: [Int: [RawCall]]?) -> CallsOutcome {
        beginCall(now: now)
        let start = markUndo()
        var results = CallResults()
        var callEnds: [Int] = []
        for (index, call) in calls.enumerated() {
            let mark = atomic ? start : markUndo()
            ongoing.result = nil
            ongoing.pendingCompletion = completions?[index] ?? []
            do {
                try apply(call, field: "", isFinal: !atomic)
                try takeOverrideFailure()
            } catch {
                rollback(to: mark)
                if !atomic {
                    logOverrideFailures()
                    // Refused at its first call, the request leaves the turn as the last one
                    // left it: nothing to flush, and a walk that loops warns of nothing new.
                    if index > 0 {
                        withoutUndo { flushTurn() }
                        overrides.acceptCall()
                    }
                }
                let events = commitCall()
                var outcome = CallsOutcome(
                    events: events, failure: error.atCall(index), applied: atomic ? 0 : index,
                    results: atomic ? nil : results.list(count: index))
                if completions != nil { outcome.callEnds = callEnds }
                return outcome
            }
            results.note(ongoing.result, at: index)
            if completions != nil { callEnds.append(ongoing.events.count) }
        }
        withoutUndo { flushTurn() }
        // An override that failed at the turn's end refuses every call of the turn.
        do {
            try takeOverrideFailure()
        } catch {
            rollback(to: start)
            return CallsOutcome(events: commitCall(), failure: error, applied: 0)
        }
        overrides.acceptCall()
        var outcome = CallsOutcome(events: commitCall(), failure: nil, applied: calls.count, results: results.list(count: calls.count))
        if completions != nil { outcome.callEnds = callEnds }
        return outcome
    }

    // MARK: Time

    /// When the earliest running transition completes.
    public var nextDueTime: Double? { time.nextDueTime }

    /// Completes every transition due by `now`, in due order, each as its own turn.
    /// Overrides they run share one budget with every such completion since the last
    /// accepted call (`ClockWork`).
    public func advance(to now: Double) -> [Event] {
        beginCall(now: now)
        logOverrideFailures()
        overrides.continueClockWork()
        withoutUndo { flushTurn() }
        overrides.keepClockWork()
        return commitCall()
    }

    /// Hides the window (visible controllers disappear, events emitted), drops running
    /// transitions and deletes everything.
    public func tearDown(now: Double) -> [Event] {
        beginCall(now: now)
        logOverrideFailures()
        withoutUndo {
            setWindowHidden(true)
            flushTurn()
        }
        let events = commitCall()
        time = Timeline()
        nodes.removeAll()
        return events
    }
}
