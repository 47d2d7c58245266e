import Testing

@testable import Containment

/// Declarations a client shapes to make the engine loop or grow without end: each must end
/// the call (refused, or logged when no request caused it), never the process
/// (docs/uikit-rules-segues.md, rule 46; docs/uikit-rules-callbacks.md, rule 40).
@Suite struct HostileDeclarationTests {
    /// A chain `c0 → c1 → … → source`, each controller declaring `allowedChildrenForUnwinding`
    /// as `declared(child)`; nobody implements the action.
    func chain(depth: Int, declared: (String) -> [String]) throws -> ContainmentTree {
        var spec = ControllerSpec(id: "source", segueSettings: SegueSettings(segues: [SegueSpec(identifier: "back", kind: .unwind, action: "unwindHere")]))
        for level in (0..<depth).reversed() {
            let child = spec.id
            spec = ControllerSpec(id: "c\(level)", children: [spec], segueSettings: SegueSettings(allowedChildrenForUnwinding: declared(child)))
        }
        return try ContainmentTree(id: "chain", root: spec, now: t0)
    }

    func askedControllers(_ events: [Event]) -> [String] {
        events.filter { $0.callback == "canPerformUnwindSegueAction" }.compactMap(\.controller)
    }

    /// UIKit never searches the child it came from again: with each controller listing its
    /// one real child, every controller is asked once, the way out in order.
    @Test func rule46_aChainListingEachRealChildAsksEveryControllerOnce() throws {
        let tree = try chain(depth: 40) { [$0] }
        let events = tree.run([call("source", "performSegue", ["identifier": "back"])])
        #expect(askedControllers(events) == (0..<40).reversed().map { "c\($0)" })
    }

    /// A list naming the way back twice, and an ancestor, asks nobody twice and ends.
    @Test func rule46_aListNamingTheWayBackTwiceAsksNobodyTwice() throws {
        let tree = try chain(depth: 3) { [$0, $0, "c0"] }
        _ = try tree.createController(ControllerSpec(id: "side", segueSettings: SegueSettings(unwindActions: ["other": true])), now: t0)
        _ = tree.run([call("c0", "addChild", ["child": "side"])])
        _ = try tree.updateController(
            "c0", ControllerPatch(segueSettings: SegueSettingsPatch(allowedChildrenForUnwinding: .some(["c1", "side", "c1", "side"]))), now: t0)
        let events = tree.run([call("source", "performSegue", ["identifier": "back"])])
        #expect(askedControllers(events) == ["c2", "c1", "side", "c0"])
        #expect(tree.snapshot().controllers["source"]?.parent == "c2")
    }

    /// Two `viewDidAppear` overrides that start each other's 1 µs transitions: the clock's
    /// catch-up completes one transition a call, and all of them share one override budget,
    /// so the loop stops, logged, instead of running until the clock is reached.
    func pingPong() throws -> ContainmentTree {
        let tree = try visibleTree(root: ControllerSpec(id: "root", children: [ControllerSpec(id: "a")]))
        let swap = { (from: String, to: String) in call("root", "transition", ["from": .string(from), "to": .string(to), "duration": 0.000_001]) }
        _ = try tree.createController(ControllerSpec(id: "b", overrides: ["viewDidAppear": [swap("b", "a")]]), now: t0)
        _ = try tree.updateController("a", ControllerPatch(overrides: .some(["viewDidAppear": [swap("a", "b")]])), now: t0)
        _ = tree.run([call("root", "addChild", ["child": "b"]), swap("a", "b")])
        return tree
    }

    /// Completes what falls due up to `end` as the service's clock does, one call a due time;
    /// answers the number of calls, at most `limit`.
    func catchUp(_ tree: ContainmentTree, to end: Double, limit: Int = 100_000) -> (calls: Int, events: [Event]) {
        var calls = 0
        var events: [Event] = []
        while calls < limit, let due = tree.nextDueTime, due <= end {
            events += tree.advance(to: due)
            calls += 1
        }
        return (calls, events)
    }

    @Test func rule40_overridesThatStartEachOthersTransitionsOnTheClockStop() throws {
        let tree = try pingPong()
        let (calls, events) = catchUp(tree, to: t0 + 1)
        #expect(calls < 2 * ContainmentTree.maxOverrideCallsPerCall, "the clock's loop ran \(calls) calls")
        #expect(tree.nextDueTime == nil)
        let warnings = events.compactMap(\.warning).filter { $0.contains("since the last call, in transitions completing on the clock") }
        #expect(warnings.count == 1, "\(warnings)")
        // The budget is part of the tree: a restored tree does not start the loop again.
        let restored = try ContainmentTree(restoring: tree.state)
        #expect(restored.state.clockWork?.stopped == true)
        // The next accepted call re-arms it: one more bounded round.
        let shown = restored.appearance("a") == .appeared ? "a" : "b"
        let hidden = shown == "a" ? "b" : "a"
        _ = restored.run([call("root", "transition", ["from": .string(shown), "to": .string(hidden), "duration": 0.000_001])], now: t0 + 2)
        let again = catchUp(restored, to: t0 + 3)
        #expect(again.calls > 100 && again.calls < 2 * ContainmentTree.maxOverrideCallsPerCall, "\(again.calls) calls")
        #expect(restored.nextDueTime == nil)
    }

    /// One call whose overrides flip the size class on every controller records events by the
    /// tens of thousands (millions on a larger tree): it is refused at its tree's
    /// `maxEventsPerCall`, nothing kept.
    @Test func aCallIsRefusedAtTheEventBound() throws {
        let flips = (0..<16).flatMap { _ in
            [
                call("window", "setHorizontalSizeClass", ["sizeClass": "compact"]),
                call("window", "setHorizontalSizeClass", ["sizeClass": "regular"]),
            ]
        }
        let children = (0..<31).map { ControllerSpec(id: "c\($0)", overrides: ["viewWillAppear": flips]) }
        let configuration = TreeConfiguration(onScreen: false, maxControllers: 40)
        let tree = try ContainmentTree(id: "big", configuration: configuration, root: ControllerSpec(id: "root", children: children), now: t0)
        let before = tree.snapshot()
        let outcome = tree.perform([call("window", "setHidden", ["hidden": false])], atomic: false, now: t0)
        #expect(configuration.maxEventsPerCall == 10_000)
        #expect(outcome.failure?.code == "too_many_events")
        #expect(outcome.applied == 0)
        #expect(tree.snapshot() == before)
    }
}
