/// What the tree keeps about overrides (rule 40): whether any was declared, the ones running
/// in the call in progress (`OverrideRun`), and the budget that work no request caused has
/// spent since the last accepted call (`ClockWork`).
struct OverrideState {
    /// Whether a controller ever declared overrides: while none did, the callbacks look
    /// nothing up, and undo-free shortcuts stay on.
    var anyDeclared = false
    var run = OverrideRun()
    var clockWork = ClockWork()

    /// A call begins with no override running and none of its budget spent.
    mutating func beginCall() {
        run = OverrideRun()
    }

    /// An accepted call: work no request caused starts its shared budget afresh.
    mutating func acceptCall() {
        clockWork = ClockWork()
    }

    /// A clock-driven call goes on spending the budget of the ones since the last accepted call.
    mutating func continueClockWork() {
        run.continueClockWork(clockWork)
    }

    /// Keeps what the clock-driven call spent, for the next one.
    mutating func keepClockWork() {
        clockWork = run.clockWork
    }
}
