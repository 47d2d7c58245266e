import ContainmentPersistence

extension ServiceCore {
    /// Lists a tree taken over from the shared store, rebuilt as a restore rebuilds it (its
    /// journal replayed and checked): real-clock transitions that fell due meanwhile complete
    /// on the timer at their due times. A tree that does not rebuild, or does not fit
    /// (`--max-trees`), is given back to the store at once: the request answers 503
    /// (`tree_unavailable`, as a restore leaves it) and every other tree is served. Nil when
    /// `session`, the lease it was taken under, is no longer this instance's: nothing is listed
    /// (`TreeRegistry.insert(_:takenOverUnder:)`), and the takeover is tried again.
    func install(_ stored: StoredTree?, session: Int64, giveBack: () -> Void) -> TreeOwnership.Outcome? {
        guard let stored else {
            giveBack()
            return .absent
        }
        let box: TreeBox
        let bytes: Int
        let due: Double?
        do {
            let generation = ownership?.store.generation(of: stored.header.id) ?? 0
            (box, bytes, due) = try Self.rebuild(stored, environment: treeEnvironment, generation: generation)
        } catch {
            giveBack()
            logger.error("a stored tree does not rebuild", metadata: ["tree": "\(stored.header.id)", "error": "\(error)"])
            return .failed(.treeUnavailable(stored.header.id, reason: "\(error)"))
        }
        do throws(Problem) {
            guard try registry.insert(box, takenOverUnder: session) else { return nil }
        } catch {
            giveBack()
            return .failed(error)
        }
        // Taken even past the budget, as a restore does: what was acknowledged is served.
        budget.adjust(by: bytes)
        if box.clock == .real, let due { transitionTimer.schedule(tree: box.id, at: due) }
        metrics.trees.set(Int64(registry.count))
        return .loaded
    }
}
