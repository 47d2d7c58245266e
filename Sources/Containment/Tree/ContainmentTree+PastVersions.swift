/// Past versions of a tree, for a store that commits calls after they ran (the service's
/// journal): while a call's commit is under way, readers are shown the tree as it was before
/// it, without waiting. A copy of the tree on every call would cost O(tree) each time; instead
/// each accepted call keeps its undo entries (O(what it touched)), and the past version is a
/// copy-on-write copy of the tree with those entries taken back, made only when asked for.
extension ContainmentTree {
    /// Whether accepted calls keep what they changed, until `takeChanges` hands it over. Off by
    /// default: the undo log is then dropped after each call, and the end of a turn (which no
    /// rollback reaches) makes no entries at all.
    public var keepsChanges: Bool {
        get { kept.isOn }
        set {
            kept.isOn = newValue
            if !newValue { kept = KeptChanges() }
        }
    }

    /// What the calls accepted since the last take changed, oldest first; nothing unless
    /// `keepsChanges` is on.
    public func takeChanges() -> TreeChanges {
        defer { kept.calls = [] }
        return TreeChanges(calls: kept.calls)
    }

    /// The tree as it was before `changes` (each taken by `takeChanges`, oldest first, the last
    /// one ending where the tree now stands): a new tree sharing this one's state copy-on-write,
    /// with the changes taken back newest first. Its event log ends at its own `lastSeq`. Meant
    /// to be read; this tree is left as it is.
    public func pastVersion(undoing changes: [TreeChanges]) -> ContainmentTree {
        let past = ContainmentTree(copying: self)
        for change in changes.reversed() {
            for call in change.calls.reversed() { past.takeBack(call) }
        }
        past.log.dropEvents(after: past.lastSeq)
        return past
    }

    /// Undoes one accepted call: its entries as a rollback would, then what it changed
    /// outside them.
    private func takeBack(_ call: CallChanges) {
        undo.entries = call.entries
        rollback(to: UndoLog.Mark(entryCount: 0, eventCount: 0, nextSeq: call.start.nextSeq))
        ongoing.now = call.start.now
        ongoing.nextBatch = call.start.nextBatch
        overrides.clockWork = call.start.clockWork
        overrides.anyDeclared = call.start.anyDeclared
    }
}

/// What accepted calls of a tree changed (`ContainmentTree.takeChanges`), oldest first.
public struct TreeChanges {
    let calls: [CallChanges]

    /// Whether no call was accepted.
    public var isEmpty: Bool { calls.isEmpty }
}

/// One accepted call's undo entries, and how it found what they do not cover.
struct CallChanges {
    let entries: [UndoLog.Entry]
    let start: CallStart
}

/// What a call changes outside the undo log, as the call found it.
struct CallStart {
    let now: Double
    let nextSeq: UInt64
    let nextBatch: UInt64
    let clockWork: ClockWork
    let anyDeclared: Bool

    init(_ tree: ContainmentTree) {
        now = tree.ongoing.now
        nextSeq = tree.ongoing.nextSeq
        nextBatch = tree.ongoing.nextBatch
        clockWork = tree.overrides.clockWork
        anyDeclared = tree.overrides.anyDeclared
    }
}

/// The changes a tree keeps for `pastVersion` while `keepsChanges` is on.
struct KeptChanges {
    var isOn = false
    /// How the call in progress found the tree; set by `beginCall`.
    var start: CallStart?
    var calls: [CallChanges] = []

    /// Keeps a committed call's entries, leaving the log a fresh buffer for the next call, with
    /// room for as many: calls of one tree tend to be alike, and growing the buffer copies it.
    mutating func keep(_ entries: inout [UndoLog.Entry], start: CallStart) {
        let count = entries.count
        calls.append(CallChanges(entries: entries, start: start))
        entries = []
        entries.reserveCapacity(min(max(count, Self.entriesPerCall), UndoLog.retainedCapacity))
        self.start = nil
    }

    /// Room for a small call's entries at least.
    static let entriesPerCall = 16
}
