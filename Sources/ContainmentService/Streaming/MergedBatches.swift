import Containment

/// Batches waiting in one drain, per tree in the order the trees first appeared.
struct MergedBatches {
    private var trees: [StreamedTree] = []
    private var events: [UInt64: [Event]] = [:]

    mutating func append(_ tree: StreamedTree, events batch: [Event]) {
        if events[tree.key] == nil { trees.append(tree) }
        events[tree.key, default: []] += batch
    }

    /// The merged batches, leaving none.
    mutating func take() -> [(tree: StreamedTree, events: [Event])] {
        defer { self = MergedBatches() }
        return trees.map { ($0, events[$0.key] ?? []) }
    }
}
