import Testing

@testable import Containment

/// docs/uikit-rules.md, rule 13: the navigation controller's delegate hears
/// `navigationController(_:willShow:animated:)` and `navigationController(_:didShow:animated:)`.
@Suite struct NavigationDelegateTests {
    /// A window whose root is a navigation controller with a delegate and `a` as its root;
    /// `b`, `c` detached.
    func delegateTree(delegate: Bool = true, onScreen: Bool = true, overrides: [String: [RawCall]]? = nil) throws -> ContainmentTree {
        let tree = try ContainmentTree(
            id: "nav", configuration: TreeConfiguration(onScreen: onScreen, clock: "manual"),
            root: ControllerSpec(
                id: "nav", kind: .navigationController, viewControllers: [ControllerSpec(id: "a")],
                answers: ControllerAnswers(navigationControllerDelegate: delegate ? true : nil)),
            now: t0)
        _ = try tree.createController(ControllerSpec(id: "b", overrides: overrides), now: t0)
        _ = try tree.createController(ControllerSpec(id: "c"), now: t0)
        return tree
    }

    /// The rules' callbacks, with the delegate's naming the controller shown and, when animated, saying so.
    func shown(_ events: [Event]) -> [String] {
        containment(events).enumerated().map { index, line in
            let event = events.filter { !["loadView", "viewDidLoad", "viewWillLayoutSubviews", "viewDidLayoutSubviews"].contains($0.callback ?? "") }[index]
            guard event.callback == "willShow" || event.callback == "didShow" else { return line }
            let animated = event.args["animated"] == .bool(true) ? ", animated" : ""
            return "\(line)(\(event.args["viewController"]?.stringValue ?? "?")\(animated))"
        }
    }

    func push(_ id: String, animated: Bool = true) -> RawCall {
        call("nav", "pushViewController", ["viewController": .string(id), "animated": .bool(animated)])
    }

    @Test func rule13_delegateHearsTheFirstAppearanceOnceAfterTheRootsViewWillAppear() throws {
        let tree = try delegateTree()
        #expect(
            shown(tree.creationEvents) == [
                "a.willMove(nav)", "a.didMove(nav)", "nav.viewWillAppear", "a.viewWillAppear", "nav.willShow(a)", "nav.viewIsAppearing",
                "a.viewIsAppearing", "nav.viewDidAppear", "a.viewDidAppear", "nav.didShow(a)",
            ])
        // Appearing again with the same top tells it nothing.
        let again = tree.run([call("window", "setHidden", ["hidden": true]), call("window", "setHidden", ["hidden": false])])
        #expect(!shown(again).contains { $0.contains("Show") })
    }

    @Test func rule13_delegatePushWillShowAfterTheIncomingViewWillAppearDidShowAfterDidMove() throws {
        let tree = try delegateTree()
        let start = tree.run([push("b")])
        #expect(shown(start) == ["b.willMove(nav)", "a.viewWillDisappear", "b.viewWillAppear", "nav.willShow(b, animated)", "b.viewIsAppearing"])
        let end = tree.advance(to: t0 + ContainmentTree.navigationDuration)
        #expect(shown(end) == ["a.viewDidDisappear", "b.viewDidAppear", "b.didMove(nav)", "nav.didShow(b, animated)"])
    }

    @Test func rule13_delegateNonAnimatedPushIsToldWithAnimatedFalse() throws {
        let tree = try delegateTree()
        let events = tree.run([push("b", animated: false)])
        #expect(
            shown(events) == [
                "b.willMove(nav)", "a.viewWillDisappear", "b.viewWillAppear", "nav.willShow(b)", "b.viewIsAppearing", "a.viewDidDisappear",
                "b.viewDidAppear", "b.didMove(nav)", "nav.didShow(b)",
            ])
    }

    @Test func rule13_delegatePopShowsTheControllerBelow() throws {
        let tree = try delegateTree()
        _ = tree.run([push("b", animated: false)])
        let pop = tree.run([call("nav", "popViewController", ["animated": false])])
        #expect(
            shown(pop) == [
                "b.willMove(nil)", "b.viewWillDisappear", "a.viewWillAppear", "nav.willShow(a)", "a.viewIsAppearing", "b.viewDidDisappear",
                "a.viewDidAppear", "b.didMove(nil)", "nav.didShow(a)",
            ])
    }

    @Test func rule13_delegatePopToRootAndPopToTellOnlyTheNewTop() throws {
        let tree = try delegateTree()
        _ = tree.run([call("nav", "setViewControllers", ["viewControllers": ["a", "b", "c"], "animated": false])])
        let toB = tree.run([call("nav", "popToViewController", ["viewController": "b", "animated": false])])
        #expect(shown(toB).filter { $0.hasPrefix("nav.") } == ["nav.willShow(b)", "nav.didShow(b)"])
        _ = tree.run([push("c", animated: false)])
        let toRoot = tree.run([call("nav", "popToRootViewController", ["animated": false])])
        #expect(
            shown(toRoot) == [
                "c.willMove(nil)", "b.willMove(nil)", "c.viewWillDisappear", "a.viewWillAppear", "nav.willShow(a)", "a.viewIsAppearing",
                "c.viewDidDisappear", "a.viewDidAppear", "c.didMove(nil)", "b.didMove(nil)", "nav.didShow(a)",
            ])
    }

    @Test func rule13_delegateSetViewControllersTellsANewTopAndNothingForTheSameTop() throws {
        let tree = try delegateTree()
        let newTop = tree.run([call("nav", "setViewControllers", ["viewControllers": ["a", "b"], "animated": true])])
        #expect(shown(newTop).filter { $0.hasPrefix("nav.") } == ["nav.willShow(b, animated)"])
        #expect(shown(tree.advance(to: t0 + 1)).last == "nav.didShow(b, animated)")
        let sameTop = tree.run([call("nav", "setViewControllers", ["viewControllers": ["c", "b"], "animated": true])])
        #expect(shown(sameTop) == ["a.willMove(nil)", "c.willMove(nav)", "a.didMove(nil)", "c.didMove(nav)"])
    }

    @Test func rule13_delegateBackSwipeBeginWillShowFinishDidShow() throws {
        let tree = try delegateTree()
        _ = tree.run([push("b", animated: false)])
        let begin = tree.run([call("nav", "beginInteractivePop"), call("nav", "updateInteractivePop", ["percent": 0.4])])
        #expect(shown(begin) == ["b.willMove(nil)", "b.viewWillDisappear", "a.viewWillAppear", "nav.willShow(a, animated)"])
        let finish = tree.run([call("nav", "finishInteractivePop")])
        #expect(
            shown(finish) == [
                "nav.notifyWhenInteractionChanges", "b.viewDidDisappear", "a.viewIsAppearing", "a.viewDidAppear", "b.didMove(nil)",
                "nav.animateAlongsideTransitionCompletion", "nav.didShow(a, animated)",
            ])
    }

    @Test func rule13_delegateBackSwipeCancelledHearsNothingMore() throws {
        let tree = try delegateTree()
        _ = tree.run([push("b", animated: false)])
        _ = tree.run([call("nav", "beginInteractivePop")])
        let cancel = tree.run([call("nav", "cancelInteractivePop")])
        #expect(!shown(cancel).contains { $0.contains("Show") })
        // The next change is told as usual.
        let pop = tree.run([call("nav", "popViewController", ["animated": false])])
        #expect(shown(pop).filter { $0.hasPrefix("nav.") } == ["nav.willShow(a)", "nav.didShow(a)"])
    }

    @Test func rule13_withoutADelegateNothingIsTold() throws {
        let tree = try delegateTree(delegate: false)
        let events = tree.creationEvents + tree.run([push("b", animated: false), call("nav", "beginInteractivePop"), call("nav", "finishInteractivePop")])
        #expect(!events.contains { $0.callback == "willShow" || $0.callback == "didShow" })
    }

    @Test func rule13_delegateOfANavigationControllerOffScreenHearsOfTheTopWhenItAppears() throws {
        let tree = try delegateTree(onScreen: false)
        #expect(!shown(tree.creationEvents).contains { $0.contains("Show") })
        #expect(!shown(tree.run([push("b", animated: false)])).contains { $0.contains("Show") })
        let shownNow = tree.run([call("window", "makeKeyAndVisible")])
        #expect(
            shown(shownNow) == [
                "nav.viewWillAppear", "b.viewWillAppear", "nav.willShow(b)", "nav.viewIsAppearing", "b.viewIsAppearing", "nav.viewDidAppear",
                "b.viewDidAppear", "nav.didShow(b)",
            ])
    }

    /// A push from the incoming controller's `viewWillAppear` override (rule 40): the delegate
    /// hears of the controller shown at the end only.
    @Test func rule13_delegateOfAPushMadeFromTheIncomingViewWillAppearHearsOfTheLastTopOnly() throws {
        let tree = try delegateTree(overrides: ["viewWillAppear": [push("c", animated: false)]])
        let start = tree.run([push("b")])
        #expect(
            shown(start) == [
                "b.willMove(nav)", "a.viewWillDisappear", "b.viewWillAppear",
                "warning(nav): nested push animation can result in corrupted navigation bar", "c.willMove(nav)", "c.viewWillAppear",
                "nav.willShow(c)", "c.didMove(nav)", "b.viewIsAppearing", "c.viewIsAppearing", "c.viewDidAppear", "nav.didShow(c)",
            ])
        let end = tree.advance(to: t0 + ContainmentTree.navigationDuration)
        #expect(!shown(end).contains { $0.contains("Show") })
        #expect(tree.snapshot().controllers["nav"]?.viewControllers == ["a", "b", "c"])
    }

    @Test func rule13_delegateSetLaterIsToldOfTheNextChangeOnly() throws {
        let tree = try delegateTree(delegate: false)
        let patched = try tree.updateController(
            "nav", ControllerPatch(answers: ControllerAnswersPatch(navigationControllerDelegate: .some(true))), now: t0)
        #expect(patched.isEmpty)
        #expect(tree.snapshot().controllers["nav"]?.answers.navigationControllerDelegate == true)
        let again = tree.run([call("window", "setHidden", ["hidden": true]), call("window", "setHidden", ["hidden": false])])
        #expect(!shown(again).contains { $0.contains("Show") })
        let push = tree.run([push("b", animated: false)])
        #expect(shown(push).filter { $0.hasPrefix("nav.") } == ["nav.willShow(b)", "nav.didShow(b)"])
    }

    @Test func rule13_delegateOnlyOnANavigationControllerAndARefusalChangesNothing() throws {
        let tree = try delegateTree()
        let before = tree.snapshot()
        #expect(throws: ContainmentError.self) {
            _ = try tree.updateController("a", ControllerPatch(answers: ControllerAnswersPatch(navigationControllerDelegate: .some(true))), now: t0)
        }
        #expect(throws: ContainmentError.self) {
            _ = try tree.createController(ControllerSpec(id: "d", answers: ControllerAnswers(navigationControllerDelegate: true)), now: t0)
        }
        #expect(tree.snapshot() == before)
    }
}
