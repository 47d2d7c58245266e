/// The overrides running within one call of the tree (a request or a clock advance): what
/// bounds them and where a failure inside one goes. Reset by every call (`beginCall`).
struct OverrideRun {
    /// The overrides running, outermost first.
    var frames: [OverrideFrame] = []
    /// Calls the overrides of this call ran, against `ContainmentTree.maxOverrideCallsPerCall`.
    var callsRun = 0
    /// An exception (or a loop) inside an override that the request must be refused with.
    var failure: ContainmentError?
    /// Whether a failure refuses the request (its own calls and its turn's end) or is logged
    /// as a warning (work no request caused: an animation completing on the tree's clock).
    var refuses = true
    /// Set once a loop was logged in warning mode: no more overrides run in this call, so it
    /// ends.
    var stopped = false
    /// Whether `callsRun` counts from the last accepted call rather than this call's start
    /// (a clock-driven call, see `ClockWork`).
    var countsSinceLastCall = false
    /// The call passed a bound of its own (`failCall`): reported once.
    var passedBound = false

    /// Whether an override may still run in this call.
    var mayRun: Bool { !stopped && failure == nil }

    /// Keeps `error` for the request to be refused with (the first one wins), when failures
    /// refuse; answers whether they do, or whether the caller logs it instead.
    mutating func keepForRefusal(_ error: ContainmentError) -> Bool {
        guard refuses else { return false }
        if failure == nil { failure = error }
        return true
    }

    /// The failure kept for the request, cleared.
    mutating func takeFailure() -> ContainmentError? {
        guard let kept = failure else { return nil }
        failure = nil
        return kept
    }

    /// Counts one more call the overrides run; answers whether it is within `limit`.
    mutating func countCall(limit: Int) -> Bool {
        callsRun += 1
        return callsRun <= limit
    }

    /// The call passed a bound of its own: no more overrides run. Answers whether this is the
    /// first time, the one to report.
    mutating func passBound() -> Bool {
        guard !passedBound else { return false }
        passedBound = true
        stopped = true
        return true
    }

    mutating func continueClockWork(_ work: ClockWork) {
        callsRun = work.overrideCalls
        stopped = work.stopped
        countsSinceLastCall = true
    }

    var clockWork: ClockWork { ClockWork(overrideCalls: callsRun, stopped: stopped) }
}
