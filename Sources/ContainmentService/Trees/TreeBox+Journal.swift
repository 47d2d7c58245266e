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
        _ mutation: TreeMutation, payload: Int?, body: [UInt8]? = nil, commit: PendingCommit?,
        _ answer: (ContainmentTree, TreeMutation.Applied, inout TreeStep) throws(Problem) -> Result
    ) throws(Problem) -> (Result, MutationEvents) {
        // Straight on `withTree`, not through `step`: the request path every mutation takes.
        try withTree(payload: payload, commit: commit) { (tree, now, state) throws(Problem) -> (Result, [Event]) in
            let applied = try Problem.engine { try mutation.apply(to: tree, now: now, manualTime: &state.step.manualTime) }
            let result = try answer(tree, applied, &state.step)
            state.step.journal(.mutation(mutation, time: now, body: body))
            return (result, applied.events)
        }
    }

    /// Appends `record` to the journal (under the tree's lock, so the tree's records keep its
    /// order); its ticket becomes the tree's latest. Nothing without a state directory.
    /// Returns a mutation's events as the compact JSON its digest read.
    @discardableResult
    func journal(_ record: PendingRecord, events: [Event], _ state: inout State) -> [UInt8]? {
        guard let journal = environment.journal else { return nil }
        switch record {
        case .creation(let creation):
            let header = StoredTreeHeader(
                id: id, clock: clock.rawValue, owner: owner, ownerTokenHash: owner.flatMap { environment.accessTokens?.tokenHash(ofCaller: $0) },
                incarnation: incarnation, creation: JSONCoding.encodeWithFoundation(creation, pretty: false), listing: listing(state))
            let ticket = journal.append(.createTree(header))
            state.journal.appended(ticket)
            recorded(ticket, header.listing, journal, &state)
            return nil
        case .mutation(let mutation, let time, let body):
            let eventsJSON = Self.eventsJSON(events)
            var entry = JournalEntry(
                tree: id, time: time, mutation: JournalCoding.encode(mutation, body: body),
                digest: JournalDigest.of(eventsJSON), version: state.version, manualTime: state.step.manualTime)
            let listing = listing(state)
            entry.listing = listing
            let ticket = journal.append(.mutation(entry))
            state.journal.appendedEntry(ticket, bytes: entry.mutation.count, events: events.count)
            recorded(ticket, listing, journal, &state)
            let lastSnapshotBytes = snapshotBytes.load(ordering: .relaxed)
            guard state.journal.needsSnapshot(environment.snapshotThresholds, controllers: state.tree.controllerCount, lastSnapshotBytes: lastSnapshotBytes)
            else { return eventsJSON }
            // Taken here, under the lock, so it is the state right after this entry; the
            // writer encodes it and writes it (dropping the entries it replaces) off the lock.
            let treeState = state.tree.state
            let pending = PendingSnapshot(tree: id, version: state.version, manualTime: state.step.manualTime) { [self] in
                let bytes = JournalCoding.encodeSnapshot(treeState)
                snapshotBytes.store(bytes.count, ordering: .relaxed)
                return bytes
            }
            state.journal.snapshotTaken(journal.append(.snapshot(pending)))
            return eventsJSON
        case .deletion:
            state.journal.appended(journal.append(.deleteTree(id)))
            return nil
        }
    }

    /// A record that leaves the tree as `listing` went to the journal under `ticket`: what a
    /// read shows until it is durable goes on as it was (`AcknowledgedListing`,
    /// `UnsettledChanges`).
    private func recorded(_ ticket: UInt64, _ listing: TreeListing, _ journal: StateJournal, _ state: inout State) {
        state.acknowledged.recorded(ticket, listing, isDurable: journal.isDurable)
        state.unsettled.settle(through: state.acknowledged.durableTicket)
        state.unsettled.record(ticket, of: state.tree)
    }

    /// How the tree lists now (a shared store keeps it for `GET /v1/trees`).
    private func listing(_ state: State) -> TreeListing {
        TreeListing(version: state.version, lastSeq: state.tree.lastSeq, controllers: state.tree.controllerCount)
    }

    /// Whether `events` are the ones a journal entry recorded with `digest`.
    static func eventsMatch(_ events: [Event], digest: UInt64) -> Bool {
        JournalDigest.matches(eventsJSON(events), digest)
    }

    /// A mutation's events as their journal entry's digest reads them: compact JSON, as
    /// clients get them.
    static func eventsJSON(_ events: [Event]) -> [UInt8] {
        var writer = JSONWriter()
        events.writeJSON(to: &writer)
        return writer.bytes
    }
}

extension Problem {
    /// The state directory failed: `applied` when this request's change was made in memory but
    /// could not be committed (its events may have reached streams; after a restart the tree is
    /// as it was before it), otherwise the change was refused before it ran.
    /// `forChange`: false for `/readyz`, which asks for no change.
    static func notDurable(_ failure: StateStoreError, applied: Bool, forChange: Bool = true) -> Problem {
        let detail =
            applied
            ? "The change ran but could not be made durable (\(failure)); it will be gone after a restart. The service refuses changes until it is restarted."
            : "The state directory failed earlier (\(failure)); the service refuses changes until it is restarted."
        var problem = Problem(status: 503, code: "state_not_durable", detail: detail)
        if forChange { problem.changeOutcome = .notApplied }
        return problem
    }

    /// A commit has run longer than `seconds` (the disk stopped taking writes): what waits for
    /// it is not answered now.
    static func stateStalled(_ seconds: Double) -> Problem {
        Problem(
            status: 503, code: "state_stalled",
            detail: "A commit to the state directory has taken over \(Int(seconds)) seconds; the answer waits for it. Retry later.")
    }

    /// The tree this request would show holds a change that could not be made durable: it is
    /// not shown (after a restart the tree is as it was before that change).
    static func notShown(_ failure: StateStoreError) -> Problem {
        Problem(
            status: 503, code: "state_not_durable",
            detail: "The tree's latest change could not be made durable (\(failure)), so it is not shown; the service refuses changes until it is restarted.")
    }
}
