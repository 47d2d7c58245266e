import Testing

@testable import Containment

@Suite struct BatchTests {
    @Test func nonAtomicBatchKeepsCallsBeforeTheFailure() throws {
        let tree = try visibleTree(others: ["a", "b"])
        let outcome = tree.perform(
            [
                call("root", "addChild", ["child": "a"]),
                call("root", "addChild", ["child": "root"]),
                call("root", "addChild", ["child": "b"]),
            ], atomic: false, now: t0)
        #expect(outcome.applied == 1)
        #expect(outcome.failure?.callIndex == 1)
        #expect(trace(outcome.events) == ["a.willMove(root)"])
        #expect(tree.snapshot().controllers["root"]?.children == ["a"])
    }

    @Test func atomicBatchAppliesAllOrNothing() throws {
        let tree = try visibleTree(others: ["a", "b"])
        let before = tree.snapshot()
        let outcome = tree.perform(
            [
                call("root", "addChild", ["child": "a"]),
                call("root.view", "addSubview", ["view": "a.view"]),
                call("window", "runLoop"),
                call("a", "updateNothing"),
            ], atomic: true, now: t0)
        #expect(outcome.applied == 0)
        #expect(outcome.events.isEmpty)
        #expect(outcome.failure?.kind == .invalidArgument)
        #expect(outcome.failure?.field == "calls[3].method")
        #expect(tree.snapshot() == before)
        #expect(tree.lastSeq == before.lastSeq)

        let applied = tree.perform(
            [call("root", "addChild", ["child": "a"]), call("root.view", "addSubview", ["view": "a.view"])], atomic: true, now: t0)
        #expect(applied.failure == nil)
        #expect(applied.applied == 2)
        #expect(tree.appearance("a") == .appeared)
    }

    /// The end-of-turn lists (appearance ends, viewIsAppearing, layout, moving flags) change by
    /// logged appends and takes: a rollback must leave them as they were, or the next turn
    /// would deliver callbacks for calls that never happened.
    @Test func rollbackRestoresTheTurnLists() throws {
        let tree = try visibleTree(others: ["a"])
        let turnLists = { (tree: ContainmentTree) in
            [tree.time.scheduler.deferredEnds, tree.time.scheduler.pendingIsAppearing, tree.time.scheduler.pendingLayout, tree.time.scheduler.movingFlagged]
        }
        let before = turnLists(tree)
        let failed = tree.perform(
            [
                call("root", "addChild", ["child": "a"]),
                call("root.view", "addSubview", ["view": "a.view"]),
                call("window", "runLoop"),
                call("a", "willMove", ["toParent": .null]),
                call("a.view", "removeFromSuperview"),
                call("a", "updateNothing"),
            ], atomic: true, now: t0)
        #expect(failed.failure?.callIndex == 5)
        #expect(turnLists(tree) == before)
        #expect(tree.perform([call("window", "runLoop")], atomic: false, now: t0).events.isEmpty)

        let clean = try visibleTree(others: ["a"])
        let expected = clean.run([call("root", "addChild", ["child": "a"]), call("root.view", "addSubview", ["view": "a.view"])])
        let partial = tree.perform(
            [
                call("root", "addChild", ["child": "a"]),
                call("root.view", "addSubview", ["view": "a.view"]),
                call("a", "updateNothing"),
            ], atomic: false, now: t0)
        #expect(partial.applied == 2)
        #expect(trace(partial.events) == trace(expected))
        #expect(turnLists(tree) == turnLists(clean))
    }

    /// A failing call of a non-atomic batch is undone whole, including what it changed
    /// before failing (here: loading its receiver's view), while the calls before it, which
    /// ran without undo entries, stay.
    @Test func nonAtomicFailureUndoesTheFailingCallsOwnChanges() throws {
        let tree = try visibleTree(others: ["a", "x"])
        let outcome = tree.perform(
            [
                call("root", "addChild", ["child": "a"]),
                call("root.view", "addSubview", ["view": "a.view"]),
                call("x.view", "addSubview", ["view": "a.view"]),
            ], atomic: false, now: t0)
        #expect(outcome.applied == 2)
        #expect(outcome.failure?.code == "hierarchy_inconsistency")
        #expect(!trace(outcome.events).contains("x.loadView"))
        #expect(tree.snapshot().controllers["x"]?.isViewLoaded == false)
        #expect(tree.snapshot().views["x.view"] == nil)

        let clean = try visibleTree(others: ["a", "x"])
        let expected = clean.run([call("root", "addChild", ["child": "a"]), call("root.view", "addSubview", ["view": "a.view"])])
        #expect(outcome.events == expected)
        #expect(tree.snapshot() == clean.snapshot())
    }

    /// A transition's completion calls run in the turn's end, which a batch runs without undo
    /// entries; each still takes its own mark with the log on, so one that fails after a
    /// change is undone alone. No public path makes a completion call fail, so the record is
    /// planted: its call loads `x`'s view, then fails the rule 4 check.
    @Test func failingCompletionCallInTheLastTurnIsUndoneAlone() throws {
        let tree = try visibleTree(others: ["a", "x"])
        _ = try tree.displayContentController("a", in: "root", now: t0)
        tree.time.scheduler.running["t99"] = TransitionRecord(
            id: "t99", parent: "root", from: "x", to: "x", duration: 0, options: [], startedAt: t0, completesAt: t0,
            forwardsAppearance: false, completion: [call("x.view", "addSubview", ["view": "a.view"])], reportsCompletion: false,
            ordinal: 99)
        let outcome = tree.perform([call("window", "runLoop")], atomic: false, now: t0)
        #expect(outcome.failure == nil)
        #expect(outcome.events.count == 1)
        #expect(outcome.events.first?.warning?.hasPrefix("completion call 0 of transition t99 failed") == true)
        #expect(tree.snapshot().controllers["x"]?.isViewLoaded == false)
        #expect(tree.snapshot().views["x.view"] == nil)
        #expect(try tree.transition("t99").state == .finished)
    }

    /// Finished transitions are logged one completion at a time, not saved whole: an atomic
    /// batch that completes a transition and then fails must bring back the one evicted to make
    /// room, and leave the completed one running; without the rollback the eviction stands.
    @Test func rollbackRestoresFinishedTransitionsAndTheEvictedOne() throws {
        for atomic in [true, false] {
            let tree = try visibleTree(others: ["x"])
            let record = TransitionRecord(
                id: "t99", parent: "root", from: "x", to: "x", duration: 0, options: [], startedAt: t0, completesAt: t0,
                forwardsAppearance: false, completion: [], reportsCompletion: false, ordinal: 99)
            for number in 0..<FinishedTransitions.retention {
                var old = record
                old.id = "f\(number)"
                tree.time.finishedTransitions.snapshots[old.id] = old.snapshot(state: .finished)
                tree.time.finishedTransitions.order.append(old.id)
            }
            tree.time.scheduler.running["t99"] = record
            let before = tree.time.finishedTransitions.order
            let outcome = tree.perform([call("window", "runLoop"), call("x", "updateNothing")], atomic: atomic, now: t0)
            #expect(outcome.failure?.callIndex == 1)
            if atomic {
                #expect(try tree.transition("t99").state == .running)
                #expect(try tree.transition("f0").state == .finished)
                #expect(tree.time.finishedTransitions.order == before)
                #expect(tree.time.finishedTransitions.snapshots.count == FinishedTransitions.retention)
            } else {
                #expect(try tree.transition("t99").state == .finished)
                #expect(throws: ContainmentError.self) { try tree.transition("f0") }
                #expect(Array(tree.time.finishedTransitions.ids) == Array(before.dropFirst()) + ["t99"])
            }
        }
    }

    /// Evicted ids leave the list of finished transitions in groups, not one by one: the
    /// kept ones must stay the newest `retention`, across a group's removal and a rollback
    /// of the completion that triggered it.
    @Test func finishedTransitionsKeepTheNewestAcrossCompactionAndRollback() throws {
        let tree = try visibleTree(root: ControllerSpec(id: "root", children: [ControllerSpec(id: "a"), ControllerSpec(id: "b")]))
        let transition = call("root", "transition", ["from": "a", "to": "b", "duration": 0])
        // Past one compaction, and one completion short of the next, which the rolled-back
        // completion below runs.
        let total = FinishedTransitions.retention + 2 * FinishedTransitions.compactionCount - 1
        for _ in 0..<total { _ = tree.run([transition]) }
        #expect(tree.time.finishedTransitions.evictedCount == FinishedTransitions.compactionCount - 1)
        let before = Array(tree.time.finishedTransitions.ids)
        #expect(before.count == FinishedTransitions.retention)
        #expect(before.first == "t\(total - FinishedTransitions.retention + 1)")

        let failed = tree.perform([transition, call("window", "runLoop"), call("a", "updateNothing")], atomic: true, now: t0)
        #expect(failed.failure?.callIndex == 2)
        #expect(Array(tree.time.finishedTransitions.ids) == before)
        #expect(tree.time.finishedTransitions.snapshots.count == FinishedTransitions.retention)
        #expect(try tree.transition(before[0]).state == .finished)

        _ = tree.run([transition])
        #expect(Array(tree.time.finishedTransitions.ids) == Array(before.dropFirst()) + ["t\(total + 1)"])
        #expect(throws: ContainmentError.self) { try tree.transition(before[0]) }
        #expect(tree.time.finishedTransitions.snapshots.count == FinishedTransitions.retention)
    }

    /// Arguments are found by scanning a short list and by lookup in a long one; both must
    /// find the same values and miss the same keys.
    @Test func argumentsAreFoundInShortAndLongLists() throws {
        for extra in [0, 1, 3, 8] {
            var values: [String: JSONValue] = ["child": "a", "animated": true]
            for number in 0..<extra { values["extra\(number)"] = .number(Double(number)) }
            let args = RawCallArguments(values, prefix: "calls[0].", method: "addChild")
            #expect(try args.id("child") == "a")
            #expect(try args.bool("animated") == true)
            #expect(try args.bool("isAppearing", default: false) == false)
            #expect(throws: ContainmentError.self) { try args.id("parent") }
            if extra > 0 { #expect(try args.number("extra0") == 0) }
        }
    }

    /// The undo log restores lists from logged edits, so their order must come back exactly.
    @Test func atomicRollbackRestoresChildAndSubviewOrder() throws {
        let tree = try visibleTree(others: ["a", "b", "c", "d"])
        for id in ["a", "b", "c"] { _ = try tree.displayContentController(id, in: "root", now: t0) }
        let before = tree.snapshot()
        let outcome = tree.perform(
            [
                call("b", "willMove", ["toParent": .null]),
                call("b.view", "removeFromSuperview"),
                call("b", "removeFromParent"),
                call("root", "addChild", ["child": "d"]),
                call("root.view", "insertSubview", ["view": "d.view", "at": 0]),
                call("root", "addChild", ["child": "b"]),
                call("root.view", "addSubview", ["view": "b.view"]),
                call("a", "updateNothing"),
            ], atomic: true, now: t0)
        #expect(outcome.failure?.callIndex == 7)
        #expect(tree.snapshot() == before)
        #expect(tree.snapshot().controllers["root"]?.children == ["a", "b", "c"])
        #expect(tree.snapshot().views["root.view"]?.subviews == ["a.view", "b.view", "c.view"])
    }

    @Test func malformedCallsAreInvalidArgumentsNamingTheField() throws {
        let tree = try visibleTree(others: ["a"])
        let cases: [(RawCall, ContainmentError.Kind, String)] = [
            (call("nobody", "addChild", ["child": "a"]), .notFound, "calls[0].receiver"),
            (call("root", "addChild"), .invalidArgument, "calls[0].args.child"),
            (call("root", "addChild", ["child": 3]), .invalidArgument, "calls[0].args.child"),
            (call("root", "addChild", ["child": "ghost"]), .notFound, "calls[0].args.child"),
            (call("root", "addSubview", ["view": "a.view"]), .invalidArgument, "calls[0].method"),
            (call("root.view", "addChild", ["child": "a"]), .invalidArgument, "calls[0].method"),
            (call("root.view", "addSubview", ["view": "ghost.view"]), .notFound, "calls[0].args.view"),
            (call("root.view", "insertSubview", ["view": "a.view", "at": -1]), .invalidArgument, "calls[0].args.at"),
            (call("root.view", "setFrame", ["frame": ["x": 0]]), .invalidArgument, "calls[0].args.frame"),
            (call("window", "setSize", ["size": ["width": -1, "height": 3]]), .invalidArgument, "calls[0].args.size"),
            (call("window", "setHorizontalSizeClass", ["sizeClass": "huge"]), .invalidArgument, "calls[0].args.sizeClass"),
            (call("window", "setHidden"), .invalidArgument, "calls[0].args.hidden"),
            (call("a", "willMove"), .invalidArgument, "calls[0].args.toParent"),
            (call("a", "beginAppearanceTransition", ["animated": true]), .invalidArgument, "calls[0].args.isAppearing"),
            (call("root", "transition", ["from": "a", "to": "a", "duration": -1]), .invalidArgument, "calls[0].args.duration"),
            (call("root", "transition", ["from": "a", "to": "a", "duration": 1e300]), .invalidArgument, "calls[0].args.duration"),
            // An argument the method does not take: the first unread one in name order, in a
            // short list (scanned) and a long one (looked up); the call is undone.
            (call("root", "addChild", ["child": "a", "zeta": 1, "beta": 2]), .invalidArgument, "calls[0].args.beta"),
            (call("root", "addChild", ["zeta": 1, "child": "a"]), .invalidArgument, "calls[0].args.zeta"),
            (
                call("root", "addChild", ["child": "a", "e4": 1, "e2": 1, "e3": 1, "animated": 1, "e9": 1]), .invalidArgument,
                "calls[0].args.animated"
            ),
        ]
        for (raw, kind, field) in cases {
            let before = tree.snapshot()
            let outcome = tree.perform([raw], atomic: false, now: t0)
            #expect(outcome.failure?.kind == kind, "\(raw)")
            #expect(outcome.failure?.field == field, "\(raw)")
            #expect(outcome.events.isEmpty)
            #expect(tree.snapshot() == before)
        }
    }

    @Test func viewCyclesAreRefused() throws {
        let tree = try visibleTree(
            root: ControllerSpec(id: "root", containerViews: [ContainerViewSpec(id: "box")]))
        let before = tree.snapshot()
        let selfAdd = tree.perform([call("box", "addSubview", ["view": "box"])], atomic: false, now: t0)
        #expect(selfAdd.failure?.message == "Can't add self as subview")
        let ancestor = tree.perform([call("box", "addSubview", ["view": "root.view"])], atomic: false, now: t0)
        #expect(ancestor.failure?.exceptionName == "NSInvalidArgumentException")
        #expect(tree.snapshot() == before)
    }
}
