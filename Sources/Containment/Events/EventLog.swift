/// The retained tail of a tree's events, so a long-lived tree costs bounded memory while
/// streams can still resume from any seq that is still held.
///
/// Kept as each call's own list of events, the array the call also returned: storing it
/// shares that array instead of copying every event into a buffer. Seqs are contiguous
/// across the lists (a rejected call's events never reach the log).
struct EventLog {
    /// Oldest first; lists before `start` are already dropped (emptied, removed in bulk),
    /// and so are the first `dropped` events of `chunks[start]`.
    private var chunks: [[Event]] = []
    private var start = 0
    private var dropped = 0
    private(set) var count = 0
    let capacity: Int
    /// The seq of the newest event ever appended (0 before the first).
    private(set) var lastSeq: UInt64 = 0

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The seq of the oldest event still held; `lastSeq + 1` when none are held.
    var oldestRetainedSeq: UInt64 {
        count == 0 ? lastSeq + 1 : chunks[start][dropped].seq
    }

    /// A call's events at once; the oldest beyond `capacity` are dropped.
    mutating func append(contentsOf events: [Event]) {
        guard let last = events.last else { return }
        lastSeq = last.seq
        chunks.append(events)
        count += events.count
        while count > capacity {
            let oldest = chunks[start].count - dropped
            let excess = count - capacity
            if excess >= oldest {
                chunks[start] = []
                start += 1
                dropped = 0
                count -= oldest
            } else {
                dropped += excess
                count -= excess
            }
        }
        // A partly dropped list keeps its dropped events alive. Once they are half of it,
        // the rest is copied: at most twice the retained events stay alive, and each event
        // is copied about once however the calls' sizes fall (copying on every partial drop
        // copied a big list again for each small call after it).
        if dropped > 0, dropped * 2 >= chunks[start].count {
            chunks[start] = Array(chunks[start][dropped...])
            dropped = 0
        }
        // Dropped lists go in bulk, once they are half the list: O(1) per call on average.
        if start >= 16, start * 2 >= chunks.count {
            chunks.removeFirst(start)
            start = 0
        }
    }

    /// Forgets the events after `seq`, for a past version of the tree (`pastVersion`): events
    /// dropped for `capacity` meanwhile stay dropped.
    mutating func dropEvents(after seq: UInt64) {
        guard seq < lastSeq else { return }
        while chunks.count > start {
            let index = chunks.count - 1
            let chunk = chunks[index]
            // The oldest list's first `dropped` events are no longer retained.
            let first = index == start ? dropped : 0
            if chunk[first].seq > seq {
                count -= chunk.count - first
                chunks.removeLast()
                if index == start { dropped = 0 }
                continue
            }
            let later = chunk.count - chunk.prefix { $0.seq <= seq }.count
            count -= later
            chunks[index].removeLast(later)
            break
        }
        lastSeq = seq
    }

    /// Events with seq greater than `after`, oldest first, at most `limit`.
    func events(after: UInt64, limit: Int) -> [Event] {
        guard count > 0, after < lastSeq, limit > 0 else { return [] }
        let first = max(after + 1, oldestRetainedSeq)
        // The last list starting at or before `first` holds it (seqs are contiguous).
        var low = start
        var high = chunks.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if chunks[middle][0].seq <= first { low = middle } else { high = middle - 1 }
        }
        var result: [Event] = []
        result.reserveCapacity(min(Int(lastSeq - first + 1), limit))
        var offset = Int(first - chunks[low][0].seq)
        for chunk in chunks[low...] {
            for event in chunk[offset...] {
                guard result.count < limit else { return result }
                result.append(event)
            }
            offset = 0
        }
        return result
    }
}
