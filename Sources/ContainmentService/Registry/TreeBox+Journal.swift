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
            let every = core.configuration.journalEntriesPerSnapshot
            guard
                (state.journalEntries >= every && state.journalBytes >= state.snapshotBytes) || state.journalEntries >= 10 * every
                    || state.journalBytes >= ServiceConfiguration.journalBytesPerSnapshot
            else { return ticket }
            // Encoded here, under the lock, so it is the state right after this entry; the
            // store writes it (and drops the entries it replaces) outside the lock.
            state.journalEntries = 0
            state.journalBytes = 0
            let snapshot = StoredSnapshot(
                tree: id, state: JournalCoding.encodeSnapshot(state.tree), version: state.version,
                manualTime: state.manualTime)
            state.snapshotBytes = snapshot.state.count
            return journal.append(.snapshot(snapshot))
        case .deletion:
            return journal.append(.deleteTree(id))
        }
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
