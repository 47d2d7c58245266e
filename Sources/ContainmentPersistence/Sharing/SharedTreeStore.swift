/// What taking trees over needs of a store several instances share (`--state-url`): this
/// instance's lease and session, the epochs it holds trees under, what the lease keeper hears,
/// and readers that take trees over, load and list them. The service asks a store for it
/// (`JournalStore.shared`) and never names the database behind it.
public protocol SharedTreeStore: JournalStore {
    associatedtype Reader: SharedTreeReader

    /// How long this instance's lease lasts and how often it is renewed.
    var leaseTiming: LeaseTiming { get }

    /// This instance's session, nil while it holds no valid lease.
    var session: Int64? { get }

    /// The generation trees created now give event ids out under (`TreeLoad`); 0 without a lease.
    var sessionGeneration: UInt64 { get }

    /// The generation this instance holds `tree` under (its takeover's epoch); 0 when not held.
    func generation(of tree: String) -> UInt64

    /// Whether this instance's lease is valid by its own clock (with `LeaseTiming.margin`).
    var isLeaseValid: Bool { get }

    /// Whether the store takes this instance's writes (readiness), by its last probe.
    var canCommit: Bool { get }

    /// Why the last probe failed (the database's error, for the log); nil when it passed.
    var commitProbeFailure: String? { get }

    /// Where the lease keeper reports, on its thread.
    func onOwnershipEvents(_ events: OwnershipEvents)

    /// A reader with a connection of its own, for taking trees over, loading and listing them.
    func openReader() -> Reader
}
