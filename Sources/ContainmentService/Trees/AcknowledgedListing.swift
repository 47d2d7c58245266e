import ContainmentPersistence

/// How a tree stands as of its last acknowledged change, for the reads that show it without
/// waiting for a commit under way (listings, event pages): each record not yet known durable
/// keeps the tree's listing right after it, and the newest durable one is what is shown. A
/// record that is refused never becomes durable, so what its change did is never shown.
struct AcknowledgedListing {
    /// As of the newest durable record; nil while the tree's creation is not durable.
    private(set) var durable: TreeListing?
    /// The ticket of the record `durable` is as of (0: the tree was loaded as it is).
    private(set) var durableTicket: UInt64 = 0
    /// Records not yet known durable, oldest first, each with the listing right after it.
    private var pending: [(ticket: UInt64, listing: TreeListing)] = []

    init(durable: TreeListing?) { self.durable = durable }

    /// A record of the tree went to the journal under `ticket`, leaving it as `listing`. Drops
    /// what is already durable first, so what is kept is bounded by the commits under way.
    mutating func recorded(_ ticket: UInt64, _ listing: TreeListing, isDurable: (UInt64) -> Bool) {
        _ = settle(isDurable: isDurable)
        pending.append((ticket, listing))
    }

    /// The listing as of the newest durable record (tickets become durable in order).
    mutating func settle(isDurable: (UInt64) -> Bool) -> TreeListing? {
        var settled = 0
        while settled < pending.count, isDurable(pending[settled].ticket) { settled += 1 }
        if settled > 0 {
            (durableTicket, durable) = pending[settled - 1]
            pending.removeFirst(settled)
        }
        return durable
    }
}
