/// The retained tail of a tree's events: a ring buffer, so a long-lived tree costs bounded
/// memory while streams can still resume from any seq that is still held.
struct EventLog {
    private var storage: [Event] = []
    private var head = 0
    let capacity: Int
    /// The seq of the newest event ever appended (0 before the first).
    private(set) var lastSeq: UInt64 = 0

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    var count: Int { storage.count }

    /// The seq of the oldest event still held; `lastSeq + 1` when none are held.
    var oldestRetainedSeq: UInt64 {
        storage.isEmpty ? lastSeq + 1 : storage[head].seq
    }

    /// A call's events at once: copied straight into the buffer, where appending one at a
    /// time copied each event twice.
    mutating func append(contentsOf events: [Event]) {
        guard let last = events.last else { return }
        lastSeq = last.seq
        let appended = min(events.count, capacity - storage.count)
        storage.append(contentsOf: events[..<appended])
        for event in events[appended...] {
            storage[head] = event
            head = (head + 1) % capacity
        }
    }

    /// Events with seq greater than `after`, oldest first, at most `limit`.
    func events(after: UInt64, limit: Int) -> [Event] {
        guard !storage.isEmpty, after < lastSeq, limit > 0 else { return [] }
        let oldest = storage[head].seq
        let skip = after >= oldest ? Int(after - oldest + 1) : 0
        let available = storage.count - skip
        var result: [Event] = []
        result.reserveCapacity(min(available, limit))
        var index = skip
        while index < storage.count, result.count < limit {
            result.append(storage[(head + index) % storage.count])
            index += 1
        }
        return result
    }
}
