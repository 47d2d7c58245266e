import ContainmentPersistence

/// The generation a tree box gives event ids and entity tags out under, and the loads that
/// vouch for those given out before it (`TreeLoad`). Generation 0 (trees in memory, the shared
/// store) keeps none: every id names the one history there is.
struct TreeHistory: Sendable {
    let generation: UInt64
    /// Oldest first, this box's own load last (none for a tree created under `generation`).
    let loads: [TreeLoad]

    init(generation: UInt64, loads: [TreeLoad] = []) {
        self.generation = generation
        self.loads = loads
    }

    /// Whether event `seq` of generation `generation` is one of this history's.
    func vouches(generation: UInt64, seq: UInt64) -> Bool {
        generation == self.generation || loads.contains { $0.vouches(for: generation, seq: seq) }
    }

    /// The generation that made version `version`, which its entity tag names: a tree
    /// unchanged across restarts and hand-offs keeps its tag. Loads are in order, their heads'
    /// versions rising; the earliest kept load vouches for any older one's.
    func generation(producing version: UInt64) -> UInt64 {
        guard let current = loads.last, version <= current.version else { return generation }
        return loads.first { $0.version >= version }?.previous ?? generation
    }

    /// Whether version `version` as tagged under `generation` is this history's.
    func vouches(generation: UInt64, version: UInt64) -> Bool {
        generation == self.generation || loads.contains { $0.vouches(for: generation, version: version) }
    }
}
