/// Override calls run since the tree's last accepted call by work no request caused
/// (transitions completing on the clock, each completion a call of its own): they share the
/// one budget of `ContainmentTree.maxOverrideCallsPerCall`, so overrides that start each
/// other's transitions stop, logged, instead of running forever. Saved with the tree, so a
/// restart or a replay does not start the loop again.
public struct ClockWork: Codable, Sendable, Equatable {
    /// Calls overrides ran in clock-driven calls since the last accepted call.
    var overrideCalls = 0
    /// The budget was spent: no override runs until the next accepted call.
    var stopped = false

    var isFresh: Bool { overrideCalls == 0 && !stopped }
}
