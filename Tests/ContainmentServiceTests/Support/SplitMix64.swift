/// Deterministic pseudo-random numbers (SplitMix64) for generated test inputs: every run sees
/// the same inputs, so a failure names a reproducible case.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number in `0..<bound`.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// True one time in `n`.
    mutating func chance(_ n: UInt64) -> Bool { next() % n == 0 }

    mutating func oneOf<Element>(_ items: [Element]) -> Element { items[below(items.count)] }

    mutating func shuffled<Element>(_ items: [Element]) -> [Element] {
        var items = items
        for index in items.indices.reversed() where index > 0 {
            items.swapAt(index, below(index + 1))
        }
        return items
    }
}
