import ContainmentPersistence

/// The refusals of a service sharing its store with other instances (`--state-url`).
extension Problem {
    /// This instance does not hold tree `id`: take it over (or learn that there is none), then
    /// answer. Caught by the pipeline; seen by a client only if taking trees over is off.
    static func loadFirst(_ id: String) -> Problem {
        var problem = Problem(status: 503, code: "tree_not_held", detail: "This instance does not hold tree \(id); retry.")
        problem.treeToLoad = id
        return problem
    }

    /// The tree moved to another instance before this request's change (or what it would show)
    /// was committed: nothing of it was applied.
    static func treeMoved(_ id: String) -> Problem {
        Problem(
            status: 503, code: "tree_moved",
            detail: "Tree \(id) moved to another instance before this change was committed, so it was not applied. Retry: the tree is served where it is now.")
    }

    /// Another instance holds the tree and did not give it up in time.
    static func treeBusy(_ id: String, seconds: Int) -> Problem {
        Problem(
            status: 503, code: "tree_busy",
            detail: "Another instance holds tree \(id) and did not give it up within \(seconds) s. Retry later.")
    }

    /// The shared store cannot be reached, cannot commit, or this instance holds no lease on
    /// it. The detail is fixed: why (the database's address, user, error text) is logged.
    static func stateUnavailable() -> Problem {
        Problem(status: 503, code: "state_unavailable", detail: "The shared state store is unavailable. Retry later.")
    }

    /// A shared store refused a tree's records (`StateJournal`'s refused tickets): what the
    /// request made or would show was not committed. `madeChange`: the request's own change.
    static func refused(_ refusal: StateStoreError, madeChange: Bool) -> Problem {
        switch refusal {
        case .ownershipLost(let id): return .treeMoved(id)
        case .treeExists(let id):
            return Problem(status: 409, code: "tree_exists", detail: "A tree with id \(id) already exists.", field: "id")
        case .commitInDoubt:
            return notCommitted(
                madeChange
                    ? "The connection to the state store broke while this change was committed: it may or may not have been applied. Read the tree before retrying."
                    : "The connection to the state store broke while the tree's latest change was committed, so it is not shown. Retry.",
                outcome: madeChange ? .inDoubt : nil)
        default:
            // Why is logged (`ServiceCore`'s refusal handler), not shown: it quotes the database.
            return notCommitted(
                madeChange
                    ? "The change could not be committed to the shared state store, so it was not applied; the tree is loaded again from the store. Retry."
                    : "The tree's latest change could not be committed to the shared state store, so it is not shown; the tree is loaded again from the store. Retry.",
                outcome: madeChange ? .notApplied : nil)
        }
    }

    /// `state_not_durable` from the shared store; `outcome` only for a request that made a change.
    private static func notCommitted(_ detail: String, outcome: ChangeOutcome?) -> Problem {
        var problem = Problem(status: 503, code: "state_not_durable", detail: detail)
        problem.changeOutcome = outcome
        return problem
    }
}
