/// What a server attacked with hostile declarations must keep to (docs/reliability.md), shared
/// by `HostileDeclarationExitTests` and `HostileFuzzTests`.
enum HostileBounds {
    /// Seconds any request may take to be answered in full.
    static let request = 10.0
    /// Seconds `/healthz` may take, polled every 100 ms from a thread of its own; a miss counts
    /// when the probe asked again at once misses `stall` too (`HealthWatch`).
    static let health = 2.0
    /// Seconds in which a server that is not stalled answers `/healthz` however loaded the two
    /// cores are: the bound its requests keep to under the same load.
    static let stall = request
    /// Seconds from SIGTERM to the process's exit: the drain's 2 s for requests under way
    /// (docs/operating.md, "Shutdown"), and room for a debug build on two cores that the other
    /// suites of the same run keep busy. A process that ignores SIGTERM never exits at all.
    static let shutdown = 10.0
    /// `--memory-budget` given to the server.
    static let memoryBudget = 64 << 20
    /// RSS allowed above the budget: the idle debug server's own 21 MiB (binary, Swift runtime,
    /// libmicrohttpd's threads), a few answers and bodies in flight, and the allocator's slack.
    static let residentAllowance = 96 << 20

    static var residentLimit: Int { memoryBudget + residentAllowance }

    /// `--max-controllers` given to the server: a call's event bound follows it (40,000 events),
    /// so a call refused at the bound costs a debug build a fraction of a second, and two at
    /// once stay inside `request` on a loaded machine (at the default 200,000: about 4 s each).
    static let maxControllers = 2_000

    /// The arguments after `serve` that set the budget and the controllers per tree.
    static var serveArguments: [String] { ["--memory-budget", "\(memoryBudget)", "--max-controllers", "\(maxControllers)"] }
}
