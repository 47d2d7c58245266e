import Testing

@testable import Containment

/// docs/uikit-rules.md, rule 12 and the engine's handling of time.
@Suite struct TransitionRuleTests {
    /// root shows `a` as its child; `b` is detached.
    func treeShowingA() throws -> ContainmentTree {
        let tree = try visibleTree(others: ["a", "b"])
        _ = try tree.displayContentController("a", in: "root", now: t0)
        return tree
    }

    @Test func rule12_transitionNeedsACommonParentElseInvalidArgumentAndNothingHappens() throws {
        let tree = try treeShowingA()
        let before = tree.snapshot()
        let outcome = tree.perform(
            [call("root", "transition", ["from": "a", "to": "b", "duration": 0.25, "options": []])], atomic: false, now: t0)
        let failure = try #require(outcome.failure)
        #expect(failure.exceptionName == "NSInvalidArgumentException")
        #expect(
            failure.message
                == "Children view controllers <a> and <b> must have a common parent view controller when calling -[UIViewController transitionFromViewController:toViewController:duration:options:animations:completion:]"
        )
        #expect(outcome.events.isEmpty)
        #expect(tree.snapshot() == before)
        #expect(tree.nextDueTime == nil)
    }

    @Test func rule12_transitionCallbacksAtStartAndEndThenCompletion() throws {
        let tree = try treeShowingA()
        let (started, startEvents) = try tree.cycleFromViewController("a", to: "b", in: "root", duration: 0.25, now: t0)
        #expect(started.state == .running)
        #expect(started.completesAt == t0 + 0.25)
        #expect(
            containment(startEvents) == ["a.willMove(nil)", "b.willMove(root)", "a.viewWillDisappear", "b.viewWillAppear", "b.viewIsAppearing"])
        #expect(tree.nextDueTime == t0 + 0.25)
        // Nothing is due before the duration is over.
        #expect(tree.advance(to: t0 + 0.2).isEmpty)
        let endEvents = tree.advance(to: t0 + 0.25)
        #expect(
            containment(endEvents) == ["a.viewDidDisappear", "b.viewDidAppear", "root.transitionCompletion", "a.didMove(nil)", "b.didMove(root)"])
        let snapshot = tree.snapshot()
        #expect(snapshot.controllers["root"]?.children == ["b"])
        #expect(snapshot.views["root.view"]?.subviews == ["b.view"])
        #expect(snapshot.views["a.view"]?.superview == nil)
        #expect(try tree.transition(started.id).state == .finished)
        #expect(tree.nextDueTime == nil)
    }

    @Test func rule12_rawTransitionNeverChangesParentLinks() throws {
        let tree = try treeShowingA()
        _ = tree.run([call("root", "addChild", ["child": "b"])])
        let events = tree.run([call("root", "transition", ["from": "a", "to": "b", "duration": 0])])
        #expect(
            containment(events) == [
                "a.viewWillDisappear", "b.viewWillAppear", "b.viewIsAppearing", "a.viewDidDisappear", "b.viewDidAppear", "root.transitionCompletion",
            ])
        #expect(tree.snapshot().controllers["root"]?.children == ["a", "b"])
        #expect(tree.snapshot().controllers["a"]?.parent == "root")
    }

    @Test func rule12_zeroDurationCompletesWithinTheCall() throws {
        let tree = try treeShowingA()
        let (snapshot, events) = try tree.cycleFromViewController("a", to: "b", in: "root", duration: 0, now: t0)
        #expect(snapshot.state == .finished)
        #expect(containment(events).suffix(3) == ["root.transitionCompletion", "a.didMove(nil)", "b.didMove(root)"])
    }

    @Test func rule12_unknownAnimationOptionIsInvalidArgument() throws {
        let tree = try treeShowingA()
        _ = tree.run([call("root", "addChild", ["child": "b"])])
        let outcome = tree.perform(
            [call("root", "transition", ["from": "a", "to": "b", "duration": 1, "options": ["transitionSpin"]])], atomic: false,
            now: t0)
        #expect(outcome.failure?.kind == .invalidArgument)
        #expect(outcome.failure?.field == "calls[0].args.options[0]")
    }

    /// UIKit neither queues nor refuses a second transition: both run; the second one's
    /// begin on a controller already going that way is an unbalanced-call warning, a
    /// reversal emits the opposite "will", and each ends its own controllers when due.
    @Test func rule12_secondTransitionOnATransitioningControllerRunsConcurrently() throws {
        let tree = try visibleTree(others: ["a", "b", "c"])
        _ = try tree.displayContentController("a", in: "root", now: t0)
        _ = tree.run([call("root", "addChild", ["child": "b"]), call("root", "addChild", ["child": "c"])])
        let first = tree.run([call("root", "transition", ["from": "a", "to": "b", "duration": 1])])
        #expect(containment(first) == ["a.viewWillDisappear", "b.viewWillAppear", "b.viewIsAppearing"])
        let second = tree.run([call("root", "transition", ["from": "a", "to": "c", "duration": 1])], now: t0 + 0.5)
        #expect(
            containment(second) == ["warning(a): Unbalanced calls to begin/end appearance transitions for <a>", "c.viewWillAppear", "c.viewIsAppearing"])
        #expect(tree.nextDueTime == t0 + 1)
        let firstEnd = tree.advance(to: t0 + 1)
        #expect(
            containment(firstEnd) == ["a.viewDidDisappear", "b.viewDidAppear", "root.transitionCompletion"])
        let secondEnd = tree.advance(to: t0 + 1.5)
        #expect(
            containment(secondEnd) == [
                "warning(a): Unbalanced calls to begin/end appearance transitions for <a>", "c.viewDidAppear", "root.transitionCompletion",
            ])
        #expect(tree.appearance("a") == .disappeared)
    }

    @Test func rule12_transitionsDueTogetherCompleteInStartOrder() throws {
        let tree = try visibleTree(others: ["a", "b", "c", "d"])
        _ = try tree.displayContentController("a", in: "root", now: t0)
        _ = try tree.displayContentController("c", in: "root", now: t0)
        _ = tree.run([call("root", "addChild", ["child": "b"]), call("root", "addChild", ["child": "d"])])
        _ = tree.run([
            call("root", "transition", ["from": "c", "to": "d", "duration": 2])
        ])
        _ = tree.run([call("root", "transition", ["from": "a", "to": "b", "duration": 1])], now: t0 + 1)
        let events = tree.advance(to: t0 + 5)
        let completions = events.filter { $0.callback == "transitionCompletion" }.compactMap { $0.args["transition"]?.stringValue }
        #expect(completions == ["t1", "t2"])
    }
}

/// Transitions meeting other parts of the engine.
@Suite struct TransitionInteractionTests {
    @Test func manuallyForwardingContainerGetsNoAppearanceFromItsTransition() throws {
        let tree = try visibleTree(root: ControllerSpec(id: "root", automaticallyForwardsAppearance: false), others: ["a", "b"])
        _ = try tree.displayContentController("a", in: "root", now: t0)
        let (_, events) = try tree.cycleFromViewController("a", to: "b", in: "root", duration: 0, now: t0)
        #expect(containment(events) == ["a.willMove(nil)", "b.willMove(root)", "root.transitionCompletion", "a.didMove(nil)", "b.didMove(root)"])
        #expect(tree.snapshot().views["root.view"]?.subviews == ["b.view"])
    }

    @Test func controllersInARunningTransitionCannotBeDeletedAndTearDownDisappearsParentsFirst() throws {
        let tree = try visibleTree(others: ["a", "b"])
        _ = try tree.displayContentController("a", in: "root", now: t0)
        _ = tree.run([call("root", "addChild", ["child": "b"]), call("root", "transition", ["from": "a", "to": "b", "duration": 1])])
        _ = tree.run([call("b", "removeFromParent")])
        #expect(throws: ContainmentError.self) { try tree.deleteController("b", now: t0) }
        let torn = tree.tearDown(now: t0 + 0.5)
        #expect(containment(torn) == ["root.viewWillDisappear", "b.viewWillDisappear", "root.viewDidDisappear", "b.viewDidDisappear"])
        #expect(tree.nextDueTime == nil)
        #expect(tree.controllerCount == 0)
    }
}
