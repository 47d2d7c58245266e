import Containment
import ContainmentPersistence
import Dispatch
import FoundationEssentials
import Synchronization

extension ServiceCore {
    /// Builds every stored tree again and replays its journal, checking each mutation's events
    /// against the digest recorded when it was accepted; lists the trees as they were (owner,
    /// entity tag, manual time). A tree whose records do not read, or whose replay differs, is
    /// never served as it drifted from what clients were told: it is listed unavailable
    /// (503 `tree_unavailable`, the reason logged) until deleted, and every other tree is
    /// served, as a database contains a failing backend rather than refusing to start.
    /// Real-clock transitions that fell due while the service was down complete on the timer,
    /// each at its own due time, as they would have.
    func restore(from store: any JournalStore) throws(StateStoreError) -> Int {
        let stored = try store.loadTrees()
        guard stored.count <= configuration.maxTrees else {
            throw .unreadable(
                path: store.location, reason: "it holds \(stored.count) trees, more than this service's --max-trees (\(configuration.maxTrees))")
        }
        // Before anything is served: what was loaded is durable, and the generation's number
        // was never given out before.
        let generation = try store.beginGeneration()
        self.generation.store(generation, ordering: .relaxed)
        let rebuilt = rebuildAll(stored, generation: generation)
        var loads: [(tree: String, incarnation: UInt64, load: TreeLoad)] = []
        var highestIncarnation: UInt64 = 0
        for (record, result) in zip(stored, rebuilt) {
            let box: TreeBox
            let bytes: Int
            let due: Double?
            switch result {
            case .success(let rebuilt):
                (box, bytes, due) = rebuilt
                if let load = box.history.loads.last, load.generation == generation {
                    loads.append((box.id, box.incarnation, load))
                }
            case .failure(let error):
                logger.error("a stored tree does not rebuild; it answers 503 until deleted", metadata: ["tree": "\(record.header.id)", "error": "\(error)"])
                (box, bytes, due) = (try Self.unavailableBox(record, reason: "\(error)", environment: treeEnvironment), 0, nil)
            }
            // Restored even past the budget: what was acknowledged is kept; growth is refused.
            budget.adjust(by: bytes)
            do throws(Problem) {
                try registry.insert(box)
            } catch {
                throw .unreadableRecord(tree: record.header.id, reason: error.detail)
            }
            highestIncarnation = max(highestIncarnation, box.incarnation)
            if box.clock == .real, let due {
                transitionTimer.schedule(tree: box.id, at: due)
            }
        }
        try store.recordLoads(loads)
        raiseTreeIncarnations(to: highestIncarnation)
        metrics.trees.set(Int64(registry.count))
        return stored.count
    }

    /// Every tree rebuilt, in `stored`'s order, on as many threads as the HTTP pool will have
    /// (the listener is not open yet, so those cores are idle): trees replay independently.
    private func rebuildAll(_ stored: [StoredTree], generation: UInt64) -> [Result<(TreeBox, Int, Double?), StateStoreError>] {
        let results = Mutex([Result<(TreeBox, Int, Double?), StateStoreError>?](repeating: nil, count: stored.count))
        let next = Atomic<Int>(0)
        let environment = treeEnvironment
        DispatchQueue.concurrentPerform(iterations: max(1, min(configuration.http.threads, stored.count))) { _ in
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < stored.count else { return }
                let result = Result { () throws(StateStoreError) in try Self.rebuild(stored[index], environment: environment, generation: generation) }
                results.withLock { $0[index] = result }
            }
        }
        return results.withLock { $0.map { $0 ?? .failure(.unreadable(path: "", reason: "a tree was not rebuilt")) } }
    }

    /// A box for a stored tree that does not rebuild: an empty tree under its id, clock and
    /// owner, answering 503 with `reason` until it is deleted.
    static func unavailableBox(_ record: StoredTree, reason: String, environment: TreeBoxEnvironment) throws(StateStoreError) -> TreeBox {
        let header = record.header
        let tree: ContainmentTree
        do {
            tree = try ContainmentTree(id: header.id, configuration: TreeConfiguration(), root: nil, now: 0)
        } catch {
            throw .unreadableRecord(tree: header.id, reason: reason)
        }
        let owner = header.ownerTokenHash.flatMap { environment.accessTokens?.callerName(forTokenHash: $0) } ?? header.owner
        return TreeBox(
            tree: tree, environment: environment, clock: TreeClock(rawValue: header.clock) ?? .manual, owner: owner, manualTime: 0,
            incarnation: header.incarnation, accountedBytes: 0, unavailable: reason)
    }

    /// The tree's box, its estimated bytes and its next due transition. Under a `generation`
    /// (not 0) the box's history ends with this load, at the head the tree was rebuilt to.
    static func rebuild(
        _ record: StoredTree, environment: TreeBoxEnvironment, generation: UInt64 = 0
    ) throws(StateStoreError) -> (TreeBox, Int, Double?) {
        let header = record.header
        guard let clock = TreeClock(rawValue: header.clock) else {
            throw .unreadableRecord(tree: header.id, reason: "unknown clock \(header.clock)")
        }
        let tree: ContainmentTree
        var manualTime: Double
        var version: UInt64
        if let snapshot = record.snapshot {
            let state: TreeState
            do {
                state = try JournalCoding.decodeSnapshot(snapshot.state)
            } catch {
                throw .unreadableRecord(tree: header.id, reason: "its snapshot: \(error)")
            }
            do {
                tree = try ContainmentTree(restoring: state)
            } catch {
                throw .unreadableRecord(tree: header.id, reason: "its snapshot: \(error)")
            }
            manualTime = snapshot.manualTime
            version = snapshot.version
        } else {
            let creation = try decode(TreeCreation.self, header.creation, tree: header.id, position: 0)
            tree = try creation.build(id: header.id)
            manualTime = creation.time
            // `register` counts the creation as the tree's first version.
            version = 1
        }
        var replayedEvents = 0
        for entry in record.entries {
            let mutation: TreeMutation
            do {
                mutation = try JournalCoding.decode(entry.mutation)
            } catch {
                throw .unreadableRecord(tree: header.id, reason: "journal entry \(entry.position): \(error)")
            }
            let applied: TreeMutation.Applied
            do {
                applied = try mutation.apply(to: tree, now: entry.time, manualTime: &manualTime)
            } catch {
                throw .replayMismatch(tree: header.id, position: entry.position, reason: "it was accepted but is now refused: \(error.message)")
            }
            if let outcome = applied.calls, let failure = outcome.failure, outcome.applied == 0 {
                throw .replayMismatch(tree: header.id, position: entry.position, reason: "it was accepted but is now refused: \(failure.message)")
            }
            guard TreeBox.eventsMatch(applied.events, digest: entry.digest) else {
                throw .replayMismatch(
                    tree: header.id, position: entry.position,
                    reason: "its \(applied.events.count) events differ from the ones recorded (lastSeq now \(tree.lastSeq))")
            }
            guard entry.version > version else {
                throw .replayMismatch(tree: header.id, position: entry.position, reason: "version \(entry.version) does not follow \(version)")
            }
            version = entry.version
            manualTime = entry.manualTime
            replayedEvents += applied.events.count
        }
        // Ownership follows the token: its current name, or the stored one if it left the file.
        let owner = header.ownerTokenHash.flatMap { environment.accessTokens?.callerName(forTokenHash: $0) } ?? header.owner
        let bytes = tree.estimatedBytes
        let due = tree.nextDueTime
        let lastSeq = tree.lastSeq
        let box = TreeBox(
            tree: tree, environment: environment, clock: clock, owner: owner, manualTime: manualTime, incarnation: header.incarnation,
            accountedBytes: bytes, history: history(record, generation: generation, lastSeq: lastSeq, version: version),
            version: version,
            journal: TreeJournal(
                entries: record.entries.count, bytes: record.entries.reduce(0) { $0 + $1.mutation.count }, events: replayedEvents),
            snapshotBytes: record.snapshot?.state.count ?? 0)
        return (box, bytes, due)
    }

    /// The history of a tree loaded under `generation`: its stored loads, ending with this one
    /// (a shared store's takeover recorded it; a start follows the generation before).
    private static func history(_ record: StoredTree, generation: UInt64, lastSeq: UInt64, version: UInt64) -> TreeHistory {
        guard generation != 0 else { return TreeHistory(generation: 0) }
        if record.loads.last?.generation == generation { return TreeHistory(generation: generation, loads: record.loads) }
        return TreeHistory(
            generation: generation,
            loads: record.loads + [TreeLoad(generation: generation, previous: generation - 1, lastSeq: lastSeq, version: version)])
    }

    private static func decode<Value: Decodable>(_ type: Value.Type, _ bytes: [UInt8], tree: String, position: Int64) throws(StateStoreError) -> Value {
        do {
            return try JSONDecoder().decode(type, from: Data(bytes))
        } catch {
            throw .unreadableRecord(tree: tree, reason: "record \(position): \(error)")
        }
    }
}
