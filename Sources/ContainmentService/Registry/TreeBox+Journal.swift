import Containment
import ContainmentPersistence

/// What one step of a tree leaves for the state directory's journal.
enum PendingRecord: Sendable {
    /// The tree was built (`POST`/`PUT /v1/trees`, a scenario run).
    case creation(TreeCreation)
    /// An accepted mutation, run at `time`; `body`: a raw-call batch's request body, kept as
    /// the journal's record of it.
    case mutation(TreeMutation, time: Double, body: [UInt8]? = nil)
    /// The tree was deleted: its rows go.
    case deletion
}

extension TreeBox {
    /// Runs `mutation` on the tree at the request's time and journals it, then builds the
    /// answer from what it produced. An `answer` that throws (a raw-call batch refused at its
    /// first call, which changed nothing) journals nothing.
    func apply<Result: Sendable>(
        _ core: ServiceCore, _ mutation: TreeMutation, payload: Int?, body: [UInt8]? = nil, commit: PendingCommit? = nil,
        _ answer: (ContainmentTree, TreeMutation.Applied, inout State) throws(Problem) -> Result
    ) throws(Problem) -> (Result, [Event]) {
        try withTree(core, payload: payload, commit: commit) { (tree, now, state) throws(Problem) -> (Result, [Event]) in
            let applied = try Problem.engine { try mutation.apply(to: tree, now: now, manualTime: &state.manualTime) }
            let result = try answer(tree, applied, &state)
            state.pendingRecord = .mutation(mutation, time: now, body: body)
            return (result, applied.events)
        }
    }

    /// Appends `record` to the journal (under the tree's lock, so the tree's records keep its
    /// order); the ticket to wait for, or nil without a state directory.
    func journal(_ core: ServiceCore, _ record: PendingRecord, events: [Event], _ state: inout State) -> UInt64? {
        guard let journal = core.journal else { return nil }
        switch record {
        case .creation(let creation):
            let header = StoredTreeHeader(
                id: id, clock: clock.rawValue, owner: owner, ownerTokenHash: owner.flatMap { core.configuration.accessTokens?.tokenHash(ofCaller: $0) },
                incarnation: incarnation, creation: JSONCoding.encodeWithFoundation(creation, pretty: false))
            return journal.append(.createTree(header))
        case .mutation(let mutation, let time, let body):
            let entry = JournalEntry(
                tree: id, time: time, mutation: JournalCoding.encode(mutation, body: body),
                digest: Self.digest(events), version: state.version, manualTime: state.manualTime)
            let ticket = journal.append(.mutation(entry))
            state.journalEntries += 1
            state.journalBytes += entry.mutation.count
            state.journalEvents += events.count
            guard needsSnapshot(core.configuration, state) else { return ticket }
            state.journalEntries = 0
            state.journalBytes = 0
            state.journalEvents = 0
            // Taken here, under the lock, so it is the state right after this entry; the
            // writer encodes it and writes it (dropping the entries it replaces) off the lock.
            let treeState = state.tree.state
            return journal.append(
                .snapshot(
                    PendingSnapshot(tree: id, version: state.version, manualTime: state.manualTime) { [self] in
                        let bytes = JournalCoding.encodeSnapshot(treeState)
                        snapshotBytes.store(bytes.count, ordering: .relaxed)
                        return bytes
                    }))
        case .deletion:
            return journal.append(.deleteTree(id))
        }
    }

    /// Whether the journal since the last snapshot should give way to a new one: at
    /// `--state-snapshot-every` N entries once they weigh at least the last snapshot (so
    /// writing snapshots never costs more than writing the journal), in any case at 10 × N
    /// entries or `journalBytesPerSnapshot`, and once a restore would replay more events than
    /// `replayedEventsPerController` per controller (and `replayedEventsPerSnapshot`): reading
    /// a snapshot is then the cheaper restore, so a restore's work stays bounded by the
    /// tree's size, not its history.
    private func needsSnapshot(_ configuration: ServiceConfiguration, _ state: State) -> Bool {
        let every = configuration.journalEntriesPerSnapshot
        if state.journalEntries >= 10 * every || state.journalBytes >= ServiceConfiguration.journalBytesPerSnapshot { return true }
        if state.journalEntries >= every && state.journalBytes >= snapshotBytes.load(ordering: .relaxed) { return true }
        return state.journalEvents
            >= max(configuration.replayedEventsPerSnapshot, ServiceConfiguration.replayedEventsPerController * state.tree.controllerCount)
    }

    /// The fingerprint of a mutation's events: their compact JSON, as clients get it.
    static func digest(_ events: [Event]) -> UInt64 {
        var writer = JSONWriter()
        events.writeJSON(to: &writer)
        return JournalDigest.of(writer.bytes)
    }
}

extension Problem {
    /// The state directory failed: `applied` when this request's change was made in memory but
    /// could not be committed (its events may have reached streams; after a restart the tree is
    /// as it was before it), otherwise the change was refused before it ran.
    static func notDurable(_ failure: StateStoreError, applied: Bool) -> Problem {
        let detail =
            applied
            ? "The change ran but could not be made durable (\(failure)); it will be gone after a restart. The service refuses changes until it is restarted."
            : "The state directory failed earlier (\(failure)); the service refuses changes until it is restarted."
        return Problem(status: 503, code: "state_not_durable", detail: detail)
    }
}
