import Testing

@testable import Containment

/// docs/uikit-rules-adaptivity.md: the transition coordinator of interactive transitions (rule
/// 35), a user's tap on a tab bar item (rule 36), the scene's activation states (rule 37), and
/// `isMovingToParent` on a middle controller (rule 38).
@Suite struct UserActionTests {
    func tabTree(_ answers: ControllerAnswers = ControllerAnswers()) throws -> ContainmentTree {
        let tree = try ContainmentTree(
            id: "tabs",
            root: ControllerSpec(
                id: "tabs", kind: .tabBarController,
                viewControllers: [
                    ControllerSpec(id: "feed", kind: .navigationController, viewControllers: [ControllerSpec(id: "list")]),
                    ControllerSpec(id: "search"),
                ], answers: answers),
            now: t0)
        _ = try tree.createController(ControllerSpec(id: "post"), now: t0)
        return tree
    }

    func withArgs(_ events: [Event]) -> [String] {
        events.filter { !($0.callback ?? "").contains("Layout") }.map(lineWithArgs)
    }

    // MARK: Rule 35

    /// The handler registered with `notifyWhenInteractionChanges` runs as the finger lifts,
    /// before the swipe reverses; the alongside completion runs when it is over.
    @Test func rule35_aCancelledBackSwipeNotifiesBeforeItReverses() throws {
        let tree = try tabTree()
        _ = tree.run([call("feed", "pushViewController", ["viewController": "post", "animated": false])])
        _ = tree.run([call("feed", "beginInteractivePop"), call("feed", "updateInteractivePop", ["percent": 0.2])])
        let cancel = tree.run([call("feed", "cancelInteractivePop")])
        #expect(
            withArgs(cancel) == [
                "feed.notifyWhenInteractionChanges isCancelled=true,isInteractive=false", "list.viewWillDisappear animated=true",
                "list.viewDidDisappear animated=true", "post.viewWillAppear animated=true", "post.viewIsAppearing animated=true",
                "post.viewDidAppear animated=true", "post.didMove parent=\"feed\"",
                "feed.animateAlongsideTransitionCompletion isCancelled=true",
            ])
    }

    @Test func rule35_aFinishedSheetSwipeCompletesBeforeTheDelegateHearsOfTheDismissal() throws {
        let tree = try visibleTree(others: ["sheet"])
        _ = tree.run([call("root", "present", ["viewController": "sheet", "animated": false])])
        _ = tree.run([call("sheet", "beginInteractiveDismissal")])
        let finish = tree.run([call("sheet", "finishInteractiveDismissal")])
        #expect(
            withArgs(finish) == [
                "sheet.notifyWhenInteractionChanges isCancelled=false,isInteractive=false", "sheet.viewDidDisappear animated=true",
                "sheet.animateAlongsideTransitionCompletion isCancelled=false", "sheet.presentationControllerDidDismiss",
            ])
    }

    // MARK: Rule 36

    /// A tap asks the delegate, switches as `selectedIndex` does, then tells the delegate.
    @Test func rule36_aTapAsksShouldSelectSwitchesThenDidSelect() throws {
        let tree = try tabTree()
        let events = tree.run([call("tabs", "tapTabBarItem", ["index": 1])])
        #expect(
            withArgs(events).filter { !$0.contains("load") && !$0.contains("Load") } == [
                "tabs.shouldSelect result=true,viewController=\"search\"", "search.viewWillAppear animated=false",
                "feed.viewWillDisappear animated=false", "list.viewWillDisappear animated=false", "search.viewIsAppearing animated=false",
                "feed.viewDidDisappear animated=false", "list.viewDidDisappear animated=false", "search.viewDidAppear animated=false",
                "tabs.didSelect viewController=\"search\"",
            ])
        #expect(tree.snapshot().controllers["tabs"]?.selectedIndex == 1)
        #expect(!tree.run([call("tabs", "setSelectedIndex", ["index": 0])]).contains { $0.callback?.hasSuffix("Select") == true })
    }

    @Test func rule36_shouldSelectFalseKeepsTheSelection() throws {
        let tree = try tabTree(ControllerAnswers(shouldSelect: false))
        let events = tree.run([call("tabs", "tapTabBarItem", ["index": 1])])
        #expect(withArgs(events) == ["tabs.shouldSelect result=false,viewController=\"search\""])
        #expect(tree.snapshot().controllers["tabs"]?.selectedIndex == 0)
    }

    /// A tap on the selected tab pops its navigation controller to the root, animated, and
    /// still tells the delegate.
    @Test func rule36_aTapOnTheSelectedTabPopsItsNavigationControllerToTheRoot() throws {
        let tree = try tabTree()
        _ = tree.run([call("feed", "pushViewController", ["viewController": "post", "animated": false])])
        let events = tree.run([call("tabs", "tapTabBarItem", ["index": 0])])
        #expect(
            containment(events) == [
                "tabs.shouldSelect", "post.willMove(nil)", "post.viewWillDisappear", "list.viewWillAppear", "tabs.didSelect",
                "list.viewIsAppearing",
            ])
        #expect(containment(tree.advance(to: t0 + 1)) == ["post.viewDidDisappear", "list.viewDidAppear", "post.didMove(nil)"])
        #expect(tree.snapshot().controllers["feed"]?.viewControllers == ["list"])
        #expect(containment(tree.run([call("tabs", "tapTabBarItem", ["index": 0])])) == ["tabs.shouldSelect", "tabs.didSelect"])
    }

    @Test func rule36_onlyAVisibleTabBarCanBeTapped() throws {
        let tree = try tabTree()
        _ = tree.run([call("window", "setHidden", ["hidden": true])])
        let outcome = tree.perform([call("tabs", "tapTabBarItem", ["index": 1])], atomic: false, now: t0)
        #expect(outcome.failure?.code == "not_on_screen")
        #expect(tree.perform([call("search", "tapTabBarItem", ["index": 0])], atomic: false, now: t0).failure?.field == "calls[0].method")
        _ = tree.run([call("window", "setHidden", ["hidden": false])])
        #expect(tree.perform([call("tabs", "tapTabBarItem", ["index": 2])], atomic: false, now: t0).failure?.field == "calls[0].args.index")
    }

    // MARK: Rule 37

    /// The scene's delegate hears of background and foreground; no controller appears or
    /// disappears, unlike hiding the window.
    @Test func rule37_backgroundAndForegroundSendOnlySceneCallbacks() throws {
        let tree = try tabTree()
        let background = tree.run([call("window", "setActivationState", ["state": "background"])])
        #expect(trace(background) == ["-.sceneWillResignActive", "-.sceneDidEnterBackground"])
        #expect(tree.snapshot().window.activationState == .background)
        #expect(tree.appearance("list") == .appeared)
        let inactive = tree.run([call("window", "setActivationState", ["state": "foregroundInactive"])])
        #expect(trace(inactive) == ["-.sceneWillEnterForeground"])
        let active = tree.run([call("window", "setActivationState", ["state": "foregroundActive"])])
        #expect(trace(active) == ["-.sceneDidBecomeActive"])
        #expect(tree.run([call("window", "setActivationState", ["state": "foregroundActive"])]).isEmpty)
        _ = tree.run([call("window", "setActivationState", ["state": "background"])])
        #expect(
            trace(tree.run([call("window", "setActivationState", ["state": "foregroundActive"])])) == ["-.sceneWillEnterForeground", "-.sceneDidBecomeActive"])
        #expect(tree.perform([call("window", "setActivationState", ["state": "suspended"])], atomic: false, now: t0).failure?.field == "calls[0].args.state")
    }

    // MARK: Rule 38

    /// Two pushes in one turn: the second overtakes the first (rule 41) and turns the middle
    /// controller away before it appeared; its add is over then, so its disappear callbacks
    /// report `isMovingToParent` false.
    @Test func rule38_theMiddleOfTwoPushesInOneTurnIsNotMovingToParentAsItDisappears() throws {
        let tree = try ContainmentTree(
            id: "pushes", root: ControllerSpec(id: "nav", kind: .navigationController, viewControllers: [ControllerSpec(id: "a")]),
            now: t0)
        for id in ["b", "c"] { _ = try tree.createController(ControllerSpec(id: id), now: t0) }
        let events =
            tree.run([
                call("nav", "pushViewController", ["viewController": "b", "animated": true]),
                call("nav", "pushViewController", ["viewController": "c", "animated": true]),
            ]) + tree.advance(to: t0 + 1)
        let b = events.filter { $0.controller == "b" && $0.isMovingToParent != nil }
        #expect(b.map { $0.callback ?? "" } == ["viewWillAppear", "viewWillDisappear", "viewDidDisappear"])
        #expect(b.map { $0.isMovingToParent == true } == [true, false, false])
        #expect(events.filter { $0.controller == "c" && $0.isMovingToParent != nil }.allSatisfy { $0.isMovingToParent == true })
    }
}
