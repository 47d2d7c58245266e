import Testing

@testable import Containment

/// `perform(_:completions:now:)`, the one entry a translator of app code needs: a launch's
/// `transition` with its completion block, and where each call's events end.
@Suite struct TracedCallsTests {
    private func containerWithOldChild() throws -> ContainmentTree {
        try visibleTree(root: ControllerSpec(id: "root", children: [ControllerSpec(id: "old")]), others: ["new"])
    }

    @Test func aTransitionsCompletionBlockRunsWhenItEndsAsTheRecipesDoes() throws {
        let recipe = try containerWithOldChild()
        let (_, recipeStart) = try recipe.cycleFromViewController("old", to: "new", in: "root", now: t0)
        let recipeEnd = recipe.advance(to: t0 + 0.25)
        let traced = try containerWithOldChild()
        let outcome = traced.perform(
            [
                call("old", "willMove", ["toParent": .null]), call("root", "addChild", ["child": "new"]),
                call("new.view", "setFrame", ["frame": ["x": 0, "y": 0, "width": 390, "height": 844]]),
                call("root", "transition", ["from": "old", "to": "new", "duration": 0.25]),
            ], completions: [3: [call("old", "removeFromParent"), call("new", "didMove", ["toParent": "root"])]], now: t0)
        #expect(outcome.failure == nil)
        #expect(outcome.events == recipeStart)
        #expect(traced.advance(to: t0 + 0.25) == recipeEnd)
        #expect(trace(recipeEnd).suffix(4).prefix(2) == ["old.didMove(nil)", "new.didMove(root)"])
    }

    @Test func callEndsCountEachCallsEventsBeforeTheTurnsEnd() throws {
        let tree = try visibleTree(others: ["child"])
        let outcome = tree.perform(
            [call("root", "addChild", ["child": "child"]), call("root.view", "addSubview", ["view": "child.view"])], completions: [:], now: t0)
        #expect(trace(outcome.events).prefix(4) == ["child.willMove(root)", "child.loadView", "child.viewDidLoad", "child.viewWillAppear"])
        #expect(outcome.callEnds == [1, 4])
        #expect(tree.perform([call("child", "didMove", ["toParent": "root"])], atomic: false, now: t0).callEnds == nil)
    }
}
