/// What a server attacked with hostile declarations must keep to (issue 44's invariants), shared
/// by `HostileDeclarationExitTests` and `HostileFuzzTests`.
enum HostileBounds {
    /// Seconds any request may take to be answered in full.
    static let request = 10.0
    /// Seconds `/healthz` may take, polled every 100 ms from a thread of its own.
    static let health = 2.0
    /// Seconds from SIGTERM to the process's exit: the drain's 2 s for requests under way
    /// (docs/operating.md, "Shutdown"), and 3 s for a loaded 2-core machine.
    static let shutdown = 5.0
    /// `--memory-budget` given to the server.
    static let memoryBudget = 64 << 20
    /// RSS allowed above the budget: the idle debug server's own 21 MiB (binary, Swift runtime,
    /// libmicrohttpd's threads), a few answers and bodies in flight, and the allocator's slack.
    static let residentAllowance = 96 << 20

    static var residentLimit: Int { memoryBudget + residentAllowance }

    /// The arguments after `serve` that set the budget.
    static var serveArguments: [String] { ["--memory-budget", "\(memoryBudget)"] }
}
