import Containment

/// One batch framed at most once per variant, however many streams receive it (and held once:
/// `HTTPStream.write` keeps the array rather than copying it).
struct FramedBatch {
    let events: [Event]
    /// The generation of the tree's event ids.
    let generation: UInt64
    /// At most a few variants (SSE named or not, NDJSON; with ids or without): a list beats a
    /// dictionary's hashing on every write.
    private var cache: [(format: StreamFormat, withID: Bool, bytes: [UInt8])] = []

    init(events: [Event], generation: UInt64) {
        self.events = events
        self.generation = generation
    }

    mutating func bytes(for subscriber: StreamSubscriber) -> [UInt8] {
        let withID = subscriber.framesWithIDs
        for entry in cache where entry.withID == withID && entry.format == subscriber.format { return entry.bytes }
        let bytes = subscriber.format.frames(events, generation: withID ? generation : nil)
        cache.append((subscriber.format, withID, bytes))
        return bytes
    }
}
