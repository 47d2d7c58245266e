import Testing

@testable import Containment

/// docs/uikit-rules.md, rule 13: the navigation controller.
@Suite struct NavigationTests {
    /// A window whose root is a navigation controller with `a` as its root; `b`, `c` detached.
    func navigationTree() throws -> ContainmentTree {
        let tree = try ContainmentTree(
            id: "nav", root: ControllerSpec(id: "nav", kind: .navigationController, viewControllers: [ControllerSpec(id: "a")]),
            now: t0)
        for id in ["b", "c"] { _ = try tree.createController(ControllerSpec(id: id), now: t0) }
        return tree
    }

    @Test func rule13_declaredStackAppearsWithTheWindow() throws {
        let tree = try navigationTree()
        #expect(
            containment(tree.creationEvents) == [
                "a.willMove(nav)", "a.didMove(nav)", "nav.viewWillAppear", "a.viewWillAppear", "nav.viewIsAppearing",
                "a.viewIsAppearing", "nav.viewDidAppear", "a.viewDidAppear",
            ])
        let snapshot = tree.snapshot()
        #expect(snapshot.views["nav.view"]?.subviews == ["a.view", "nav.navigationBar"])
        #expect(snapshot.views["a.view"]?.frame == Rect(x: 0, y: 44, width: 390, height: 800))
        #expect(snapshot.controllers["nav"]?.viewControllers == ["a"])
    }

    @Test func rule13_pushOrder() throws {
        let tree = try navigationTree()
        let start = tree.run([call("nav", "pushViewController", ["viewController": "b", "animated": true])])
        #expect(containment(start) == ["b.willMove(nav)", "a.viewWillDisappear", "b.viewWillAppear", "b.viewIsAppearing"])
        #expect(tree.snapshot().controllers["nav"]?.viewControllers == ["a", "b"])
        #expect(tree.nextDueTime == t0 + 0.35)
        let end = tree.advance(to: t0 + 0.35)
        #expect(containment(end) == ["a.viewDidDisappear", "b.viewDidAppear", "b.didMove(nav)"])
        #expect(end.first { $0.controller == "b" && $0.callback == "viewDidAppear" }?.isMovingToParent == true)
        #expect(end.first { $0.controller == "a" }?.isMovingFromParent == false)
        #expect(tree.snapshot().views["nav.view"]?.subviews == ["b.view", "nav.navigationBar"])
    }

    @Test func rule13_popOrderAndPoppingTheRootDoesNothing() throws {
        let tree = try navigationTree()
        _ = tree.run([call("nav", "pushViewController", ["viewController": "b", "animated": false])])
        let pop = tree.run([call("nav", "popViewController", ["animated": false])])
        #expect(
            containment(pop) == [
                "b.willMove(nil)", "b.viewWillDisappear", "a.viewWillAppear", "a.viewIsAppearing", "b.viewDidDisappear", "a.viewDidAppear", "b.didMove(nil)",
            ])
        #expect(pop.filter { $0.controller == "b" && $0.callback?.contains("Disappear") == true }.allSatisfy { $0.isMovingFromParent == true })
        #expect(tree.snapshot().controllers["nav"]?.children == ["a"])
        #expect(tree.run([call("nav", "popViewController", ["animated": true])]).isEmpty)
        #expect(tree.run([call("nav", "popToRootViewController", ["animated": true])]).isEmpty)
    }

    @Test func rule13_pushingTwiceOrANavigationControllerIsInvalidArgument() throws {
        let tree = try navigationTree()
        _ = try tree.createController(ControllerSpec(id: "other", kind: .navigationController), now: t0)
        let before = tree.snapshot()
        let twice = tree.perform([call("nav", "pushViewController", ["viewController": "a", "animated": true])], atomic: false, now: t0)
        #expect(twice.failure?.exceptionName == "NSInvalidArgumentException")
        #expect(twice.failure?.message == "Pushing the same view controller instance more than once is not supported (<a>)")
        let navigation = tree.perform([call("nav", "pushViewController", ["viewController": "other", "animated": true])], atomic: false, now: t0)
        #expect(navigation.failure?.message == "Pushing a navigation controller is not supported")
        let missing = tree.perform([call("nav", "popToViewController", ["viewController": "c", "animated": true])], atomic: false, now: t0)
        #expect(missing.failure?.exceptionName == "NSInternalInconsistencyException")
        #expect(missing.failure?.message == "Tried to pop to a view controller that doesn't exist.")
        #expect(tree.snapshot() == before)
    }

    @Test func rule13_popToRootRemovesEveryoneAboveWithOneVisibleTransition() throws {
        let tree = try navigationTree()
        _ = tree.run([call("nav", "setViewControllers", ["viewControllers": ["a", "b", "c"], "animated": false])])
        #expect(tree.appearance("c") == .appeared)
        #expect(tree.appearance("b") == .disappeared)
        let events = tree.run([call("nav", "popToRootViewController", ["animated": false])])
        #expect(
            containment(events) == [
                "c.willMove(nil)", "b.willMove(nil)", "c.viewWillDisappear", "a.viewWillAppear", "a.viewIsAppearing", "c.viewDidDisappear", "a.viewDidAppear",
                "c.didMove(nil)", "b.didMove(nil)",
            ])
        #expect(tree.snapshot().controllers["nav"]?.children == ["a"])
    }

    @Test func rule13_setViewControllersRunsAtMostOneVisibleTransition() throws {
        let tree = try navigationTree()
        // New top: a push-like transition; the new middle only gets willMove/didMove.
        let push = tree.run([call("nav", "setViewControllers", ["viewControllers": ["a", "b", "c"], "animated": false])])
        #expect(
            containment(push) == [
                "b.willMove(nav)", "c.willMove(nav)", "a.viewWillDisappear", "c.viewWillAppear", "c.viewIsAppearing", "a.viewDidDisappear", "c.viewDidAppear",
                "b.didMove(nav)", "c.didMove(nav)",
            ])
        // Same top: no appearance at all.
        let same = tree.run([call("nav", "setViewControllers", ["viewControllers": ["b", "c"], "animated": false])])
        #expect(containment(same) == ["a.willMove(nil)", "a.didMove(nil)"])
        // New top lower in the stack: a pop-like transition.
        let pop = tree.run([call("nav", "setViewControllers", ["viewControllers": ["b"], "animated": false])])
        #expect(
            containment(pop) == [
                "c.willMove(nil)", "c.viewWillDisappear", "b.viewWillAppear", "b.viewIsAppearing", "c.viewDidDisappear", "b.viewDidAppear", "c.didMove(nil)",
            ])
    }

    @Test func interactivePopFinished() throws {
        let tree = try navigationTree()
        _ = tree.run([call("nav", "pushViewController", ["viewController": "b", "animated": false])])
        let begin = tree.run([call("nav", "beginInteractivePop"), call("nav", "updateInteractivePop", ["percent": 0.4])])
        #expect(containment(begin) == ["b.willMove(nil)", "b.viewWillDisappear", "a.viewWillAppear"])
        let finish = tree.run([call("nav", "finishInteractivePop")])
        #expect(
            containment(finish) == [
                "nav.notifyWhenInteractionChanges", "b.viewDidDisappear", "a.viewIsAppearing", "a.viewDidAppear", "b.didMove(nil)",
                "nav.animateAlongsideTransitionCompletion",
            ])
        #expect(tree.snapshot().controllers["nav"]?.viewControllers == ["a"])
        #expect(tree.snapshot().controllers["nav"]?.children == ["a"])
    }

    /// The order real UIKit logs show for a cancelled back swipe; the stack is unchanged.
    @Test func interactivePopCancelled() throws {
        let tree = try navigationTree()
        _ = tree.run([call("nav", "pushViewController", ["viewController": "b", "animated": false])])
        let begin = tree.run([call("nav", "beginInteractivePop"), call("nav", "updateInteractivePop", ["percent": 0.3])])
        let cancel = tree.run([call("nav", "cancelInteractivePop")])
        #expect(
            containment(begin + cancel).filter { !$0.contains("Move") } == [
                "b.viewWillDisappear", "a.viewWillAppear", "nav.notifyWhenInteractionChanges", "a.viewWillDisappear",
                "a.viewDidDisappear", "b.viewWillAppear", "b.viewIsAppearing", "b.viewDidAppear", "nav.animateAlongsideTransitionCompletion",
            ])
        #expect(containment(cancel).suffix(2) == ["b.didMove(nav)", "nav.animateAlongsideTransitionCompletion"])
        #expect(tree.snapshot().controllers["nav"]?.viewControllers == ["a", "b"])
        #expect(tree.snapshot().views["nav.view"]?.subviews == ["b.view", "nav.navigationBar"])
        #expect(tree.appearance("a") == .disappeared)
        #expect(tree.appearance("b") == .appeared)
        let stray = tree.perform([call("nav", "finishInteractivePop")], atomic: false, now: t0)
        #expect(stray.failure?.code == "no_interactive_pop")
    }

    @Test func declarativeStackEqualsCallByCall() throws {
        let declared = try navigationTree()
        let manual = try ContainmentTree(id: "nav", now: t0)
        var events = try manual.createController(ControllerSpec(id: "nav", kind: .navigationController), now: t0)
        events += try manual.createController(ControllerSpec(id: "a"), now: t0)
        events += manual.run([
            call("nav", "setViewControllers", ["viewControllers": ["a"], "animated": false]),
            call("window", "setRootViewController", ["rootViewController": "nav"]),
            call("window", "makeKeyAndVisible"),
        ])
        #expect(trace(declared.creationEvents) == trace(events))
    }
}
