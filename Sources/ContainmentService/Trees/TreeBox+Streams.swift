import Containment
import MicroHTTP

extension TreeBox {
    /// Subscribes `stream` to this tree's events after `after` (nil: every retained event),
    /// under the lock so that no event falls between the replay and the live ones. A resume
    /// point that is no longer retained, or that the tree never reached, gets a `reset`
    /// message and the replay starts at the oldest retained event; so does an event id of an
    /// earlier generation that this history does not vouch for (a crash lost that event, and
    /// its seq may have gone to another).
    ///
    /// The replay goes out with the subscription as one write: a replay larger than the
    /// slow-consumer bound is still taken whole (the bound then applies to what the client has
    /// not read when live events follow). Its events up to the tree's last durable change go
    /// out at once; the rest (a commit under way or stalled) once the tree's latest record is
    /// durable, before any later event.
    func subscribe(_ stream: HTTPStream, format: StreamFormat, after point: ResumePoint?) throws(Problem) {
        _ = try withTree(changes: false, commit: nil) { (tree, _, state) throws(Problem) -> ((), [Event]) in
            let oldest = tree.oldestRetainedSeq
            let after = point?.seq
            let needsReset =
                point.map {
                    $0.seq + 1 < oldest || $0.seq > tree.lastSeq
                        || !history.vouches(generation: $0.generation ?? history.generation, seq: $0.seq)
                } ?? false
            let start = needsReset ? oldest - 1 : after ?? oldest - 1
            var events = try Problem.engine { try tree.events(after: start, limit: Int.max) }
            var replay: [UInt8] = []
            if needsReset {
                replay = format.control("reset", StreamSignal.Reset(tree: id, requestedAfter: after ?? 0, oldestSeq: oldest))
            }
            var rest: (bytes: [UInt8], through: UInt64)?
            if let durableSeq = durableSeq(&state) {
                let later = events.firstIndex { $0.seq > durableSeq } ?? events.endIndex
                rest = (format.frames(Array(events[later...]), generation: history.generation), tree.lastSeq)
                events.removeSubrange(later...)
            }
            replay += format.frames(events, generation: history.generation)
            // Before the subscription is posted and under the lock that every publish of this
            // tree takes: each later batch sees it and is posted behind the subscription.
            openStreams.add(1, ordering: .relaxed)
            stream.onTermination { [weak self] _ in self?.openStreams.subtract(1, ordering: .relaxed) }
            environment.hub.streams.add(
                stream, format: format, scope: .tree(StreamedTree(self)), replay: replay, durableAfter: state.journal.lastTicket, rest: rest)
            return ((), [])
        }
    }

    /// The seq of the tree's last durable event while a later record of it is not durable yet;
    /// nil when every record is (or none is: its creation is not durable yet).
    private func durableSeq(_ state: inout State) -> UInt64? {
        guard let journal = environment.journal, !journal.isDurable(state.journal.lastTicket) else { return nil }
        return state.acknowledged.settle(isDurable: journal.isDurable)?.lastSeq
    }
}

/// One incarnation of a tree as the streams know it: its events go to its own streams only,
/// never to those of a tree created later under the same id.
struct StreamedTree: Sendable, Equatable {
    /// The box's incarnation: unique in the process, unlike the id.
    let key: UInt64
    let id: String
    let owner: String?
    /// The generation its event ids name (`TreeHistory`).
    let generation: UInt64

    init(_ box: TreeBox) {
        key = box.incarnation
        id = box.id
        owner = box.owner
        generation = box.history.generation
    }

    init(key: UInt64, id: String, owner: String?, generation: UInt64 = 0) {
        self.key = key
        self.id = id
        self.owner = owner
        self.generation = generation
    }
}
