import Testing

@testable import Containment

/// docs/uikit-rules.md, rules 1–5: parent and child.
@Suite struct ParentChildRuleTests {
    @Test func rule01_addChildRemovesFromOldParentThenWillMove() throws {
        let tree = try visibleTree(others: ["a", "b", "c"])
        #expect(trace(tree.run([call("a", "addChild", ["child": "c"])])) == ["c.willMove(a)"])
        let events = tree.run([call("b", "addChild", ["child": "c"])])
        #expect(trace(events) == ["c.didMove(nil)", "c.willMove(b)"])
        let snapshot = tree.snapshot()
        #expect(snapshot.controllers["a"]?.children == [])
        #expect(snapshot.controllers["b"]?.children == ["c"])
        #expect(snapshot.controllers["c"]?.parent == "b")
    }

    @Test func rule01_addChildToSameParentDoesNothing() throws {
        let tree = try visibleTree(others: ["a", "c"])
        _ = tree.run([call("a", "addChild", ["child": "c"])])
        #expect(tree.run([call("a", "addChild", ["child": "c"])]).isEmpty)
        #expect(tree.snapshot().controllers["a"]?.children == ["c"])
    }

    @Test func rule02_removeFromParentClearsLinkThenDidMoveNil() throws {
        let tree = try visibleTree(others: ["a", "c"])
        _ = tree.run([call("a", "addChild", ["child": "c"])])
        let events = tree.run([call("c", "removeFromParent")])
        #expect(trace(events) == ["c.didMove(nil)"])
        #expect(tree.snapshot().controllers["c"]?.parent == nil)
        #expect(tree.snapshot().controllers["a"]?.children == [])
        // Without a parent it does nothing, and never calls willMove(nil) itself.
        #expect(tree.run([call("c", "removeFromParent")]).isEmpty)
    }

    @Test func rule03_didMoveIsTheContainersCallAndItsAbsenceKeepsAppearance() throws {
        let tree = try visibleTree(others: ["map"])
        let events = tree.run([
            call("root", "addChild", ["child": "map"]),
            call("root.view", "addSubview", ["view": "map.view"]),
        ])
        #expect(
            containment(events) == [
                "map.willMove(root)", "map.viewWillAppear", "map.viewIsAppearing", "map.viewDidAppear",
            ])
        #expect(tree.appearance("map") == .appeared)
        #expect(trace(tree.run([call("map", "didMove", ["toParent": "root"])])) == ["map.didMove(root)"])
    }

    @Test func rule04_childViewInOtherControllersViewIsHierarchyInconsistency() throws {
        let tree = try visibleTree(others: ["map", "other"])
        _ = tree.run([
            call("root.view", "addSubview", ["view": "other.view"]),
            call("root", "addChild", ["child": "map"]),
        ])
        let before = tree.snapshot()
        let outcome = tree.perform([call("other.view", "addSubview", ["view": "map.view"])], atomic: false, now: t0)
        let failure = try #require(outcome.failure)
        #expect(failure.exceptionName == "UIViewControllerHierarchyInconsistency")
        #expect(failure.code == "hierarchy_inconsistency")
        #expect(failure.message == "child view controller:<map> should have parent view controller:<other> but actual parent is:<root>")
        #expect(failure.callIndex == 0)
        #expect(outcome.events.isEmpty)
        #expect(tree.snapshot() == before)
    }

    @Test func rule04_addChildWhileViewInsideAnotherControllerIsRequestedParentInconsistency() throws {
        let tree = try visibleTree(others: ["map", "other"])
        _ = try tree.displayContentController("map", in: "root", now: t0)
        let before = tree.snapshot()
        let outcome = tree.perform([call("other", "addChild", ["child": "map"])], atomic: false, now: t0)
        let failure = try #require(outcome.failure)
        #expect(failure.exceptionName == "UIViewControllerHierarchyInconsistency")
        #expect(failure.message == "child view controller:<map> should have parent view controller:<root> but requested parent is:<other>")
        #expect(tree.snapshot() == before)
    }

    @Test func rule04_controllerWithoutParentMayPutItsViewAnywhere() throws {
        let tree = try visibleTree(others: ["loner", "other"])
        let events = tree.run([
            call("root.view", "addSubview", ["view": "other.view"]),
            call("other.view", "addSubview", ["view": "loner.view"]),
        ])
        #expect(containment(events).contains("loner.viewDidAppear"))
        #expect(tree.snapshot().views["loner.view"]?.superview == "other.view")
        // A root view has exactly one owner, and only its controller owns it.
        let owners = tree.snapshot().views.values.compactMap(\.owner)
        #expect(Set(owners).count == owners.count)
    }

    @Test func rule04_windowRootMustHaveNoParent() throws {
        let tree = try visibleTree(others: ["map"])
        _ = try tree.displayContentController("map", in: "root", now: t0)
        let before = tree.snapshot()
        let outcome = tree.perform([call("window", "setRootViewController", ["rootViewController": "map"])], atomic: false, now: t0)
        #expect(outcome.failure?.message == "child view controller:<map> should have parent view controller:<(null)> but actual parent is:<root>")
        #expect(tree.snapshot() == before)
    }

    @Test func rule05_childOfItselfOrOfADescendantIsInvalidArgument() throws {
        let tree = try visibleTree(others: ["a", "b"])
        _ = tree.run([call("a", "addChild", ["child": "b"])])
        let before = tree.snapshot()
        let selfOutcome = tree.perform([call("a", "addChild", ["child": "a"])], atomic: false, now: t0)
        #expect(selfOutcome.failure?.exceptionName == "NSInvalidArgumentException")
        #expect(selfOutcome.failure?.code == "child_is_self")
        let cycleOutcome = tree.perform([call("b", "addChild", ["child": "a"])], atomic: false, now: t0)
        #expect(cycleOutcome.failure?.exceptionName == "NSInvalidArgumentException")
        #expect(cycleOutcome.failure?.code == "child_is_ancestor")
        #expect(cycleOutcome.events.isEmpty)
        #expect(tree.snapshot() == before)
        #expect(tree.lastSeq == before.lastSeq)
    }
}
