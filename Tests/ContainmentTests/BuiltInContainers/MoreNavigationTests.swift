import Testing

@testable import Containment

/// docs/uikit-rules.md, rule 14, "The More navigation controller": with more than five tabs in a
/// compact width the tab bar shows four tabs and More; a tab from the fifth on is shown on
/// More's stack.
@Suite struct MoreNavigationTests {
    /// A visible tab bar controller with tabs a…f (`selected` selected) in a compact width.
    func moreTree(selected: Int = 0) throws -> ContainmentTree {
        try ContainmentTree(
            id: "tabs",
            root: ControllerSpec(
                id: "tabs", kind: .tabBarController, viewControllers: ["a", "b", "c", "d", "e", "f"].map { ControllerSpec(id: $0) },
                selectedIndex: selected),
            now: t0)
    }

    func more(_ tree: ContainmentTree) -> MoreNavigationSnapshot? { tree.snapshot().controllers["tabs"]?.moreNavigationController }

    @Test func rule14_aTabBarWithMoreThanFiveTabsHasAMoreNavigationControllerWithAnEmptyStack() throws {
        let tree = try moreTree()
        #expect(more(tree) == MoreNavigationSnapshot(id: "tabs.more", viewControllers: []))
        #expect(tree.snapshot().controllers["tabs"]?.viewControllers == ["a", "b", "c", "d", "e", "f"])
        #expect(tree.snapshot().controllers["tabs"]?.selectedViewController == nil)
    }

    @Test func rule14_selectingTheFifthTabInACompactWidthShowsItOnMoresStack() throws {
        let tree = try moreTree()
        let events = tree.run([call("tabs", "setSelectedIndex", ["index": 4])])
        // More pushes it: it leaves the tab bar (rule 1), around the switch.
        #expect(
            containment(events) == [
                "e.didMove(nil)", "e.willMove(tabs.more)", "e.viewWillAppear", "a.viewWillDisappear", "e.viewIsAppearing",
                "a.viewDidDisappear", "e.viewDidAppear", "e.didMove(tabs.more)",
            ])
        #expect(more(tree)?.viewControllers == ["e"])
        #expect(tree.snapshot().controllers["e"]?.parent == "tabs.more")
        #expect(tree.snapshot().controllers["tabs"]?.selectedIndex == 4)
        // Under More's navigation bar.
        #expect(tree.snapshot().views["e.view"]?.frame == Rect(x: 0, y: 44, width: 390, height: 844 - 49 - 44))
    }

    @Test func rule14_selectingAnotherTabOnMoreSwapsThemInMoresNavigationOrder() throws {
        let tree = try moreTree(selected: 4)
        let events = tree.run([call("tabs", "setSelectedViewController", ["viewController": "f"])])
        #expect(
            containment(events) == [
                "e.willMove(nil)", "f.didMove(nil)", "f.willMove(tabs.more)", "e.viewWillDisappear", "f.viewWillAppear",
                "f.viewIsAppearing", "e.viewDidDisappear", "f.viewDidAppear", "e.didMove(nil)", "e.willMove(tabs)", "e.didMove(tabs)",
                "f.didMove(tabs.more)",
            ])
        #expect(more(tree)?.viewControllers == ["f"])
        let snapshot = tree.snapshot()
        #expect(snapshot.controllers["e"]?.parent == "tabs")
        #expect(snapshot.controllers["f"]?.parent == "tabs.more")
        #expect(snapshot.controllers["tabs"]?.children == ["a", "b", "c", "d", "e"])
    }

    @Test func rule14_aBarTabSelectedLeavesMoresStackAsItIs() throws {
        let tree = try moreTree(selected: 5)
        let events = tree.run([call("tabs", "setSelectedIndex", ["index": 1])])
        #expect(containment(events) == ["b.viewWillAppear", "f.viewWillDisappear", "b.viewIsAppearing", "f.viewDidDisappear", "b.viewDidAppear"])
        #expect(more(tree)?.viewControllers == ["f"])
        #expect(tree.snapshot().controllers["f"]?.parent == "tabs.more")
        #expect(tree.snapshot().views["b.view"]?.frame == Rect(x: 0, y: 0, width: 390, height: 844 - 49))
    }

    @Test func rule14_selectingMoreItselfShowsItsTopAndMakesTheSelectedIndexNotFound() throws {
        let tree = try moreTree(selected: 5)
        _ = tree.run([call("tabs", "setSelectedIndex", ["index": 1])])
        let events = tree.run([call("tabs", "setSelectedViewController", ["viewController": "tabs.more"])])
        #expect(containment(events) == ["f.viewWillAppear", "b.viewWillDisappear", "f.viewIsAppearing", "b.viewDidDisappear", "f.viewDidAppear"])
        let snapshot = tree.snapshot().controllers["tabs"]
        #expect(snapshot?.selectedIndex == nil)
        #expect(snapshot?.selectedViewController == "tabs.more")
    }

    @Test func rule14_selectingMoreWithItsListShownTurnsTheOldTabAway() throws {
        let tree = try moreTree()
        let events = tree.run([call("tabs", "setSelectedViewController", ["viewController": "tabs.more"])])
        #expect(containment(events) == ["a.viewWillDisappear", "a.viewDidDisappear"])
        #expect(tree.snapshot().views["tabs.view"]?.subviews == ["tabs.tabBar"])
        #expect(tree.snapshot().controllers["tabs"]?.selectedViewController == "tabs.more")
    }

    @Test func rule14_moreCannotBeSelectedWithFiveTabsOrFewer() throws {
        let tree = try ContainmentTree(
            id: "tabs", root: ControllerSpec(id: "tabs", kind: .tabBarController, viewControllers: [ControllerSpec(id: "a")]), now: t0)
        let before = tree.snapshot()
        let outcome = tree.perform([call("tabs", "setSelectedViewController", ["viewController": "tabs.more"])], atomic: false, now: t0)
        #expect(outcome.failure?.code == "invalid_argument")
        #expect(tree.snapshot() == before)
        #expect(before.controllers["tabs"]?.moreNavigationController == nil)
    }

    @Test func rule14_tappingTheMoreItemAsksTheDelegateOfMoreAndSelectsIt() throws {
        let tree = try moreTree()
        let events = tree.run([call("tabs", "tapTabBarItem", ["index": 4])])
        #expect(
            containment(events) == [
                "tabs.shouldSelect", "a.viewWillDisappear", "tabs.didSelect", "a.viewDidDisappear",
            ])
        #expect(tree.snapshot().controllers["tabs"]?.selectedViewController == "tabs.more")
    }

    @Test func rule14_tappingTheMoreItemWhileATabOnMoreIsShownPopsMoreToItsList() throws {
        let tree = try moreTree(selected: 4)
        let events = tree.run([call("tabs", "tapTabBarItem", ["index": 4])])
        #expect(
            containment(events) == [
                "tabs.shouldSelect", "e.willMove(nil)", "e.viewWillDisappear", "e.didMove(nil)", "e.willMove(tabs)", "e.didMove(tabs)",
                "tabs.didSelect", "e.viewDidDisappear",
            ])
        #expect(more(tree)?.viewControllers == [])
        #expect(tree.snapshot().controllers["tabs"]?.selectedViewController == "tabs.more")
    }

    @Test func rule14_aTapBeyondTheMoreItemIsRefused() throws {
        let tree = try moreTree()
        let before = tree.snapshot()
        let outcome = tree.perform([call("tabs", "tapTabBarItem", ["index": 5])], atomic: false, now: t0)
        #expect(outcome.failure?.code == "invalid_argument")
        #expect(tree.snapshot() == before)
    }

    @Test func rule14_settingTabsResetsMoresStackAndKeepsASelectedMoreSelected() throws {
        let tree = try moreTree(selected: 5)
        _ = tree.run([call("tabs", "setSelectedViewController", ["viewController": "tabs.more"])])
        _ = try tree.createController(ControllerSpec(id: "g"), now: t0)
        let events = tree.run([call("tabs", "setViewControllers", ["viewControllers": ["a", "b", "c", "d", "e", "f", "g"]])])
        // More's stack follows once the tabs are in: `f` leaves it for the tab bar.
        #expect(
            containment(events) == [
                "g.willMove(tabs)", "f.viewWillDisappear", "g.didMove(tabs)", "f.willMove(nil)", "f.didMove(nil)", "f.willMove(tabs)",
                "f.didMove(tabs)", "f.viewDidDisappear",
            ])
        #expect(tree.snapshot().controllers["f"]?.parent == "tabs")
        #expect(more(tree)?.viewControllers == [])
        #expect(tree.snapshot().controllers["tabs"]?.selectedViewController == "tabs.more")
    }

    @Test func rule14_settingFiveTabsWhileMoreIsSelectedSelectsTheFirst() throws {
        let tree = try moreTree()
        _ = tree.run([call("tabs", "setSelectedViewController", ["viewController": "tabs.more"])])
        let events = tree.run([call("tabs", "setViewControllers", ["viewControllers": ["a", "b", "c", "d", "e"]])])
        #expect(containment(events) == ["f.willMove(nil)", "a.viewWillAppear", "f.didMove(nil)", "a.viewIsAppearing", "a.viewDidAppear"])
        let snapshot = tree.snapshot().controllers["tabs"]
        #expect(snapshot?.selectedIndex == 0)
        #expect(snapshot?.moreNavigationController == nil)
        #expect(snapshot?.selectedViewController == nil)
    }

    @Test func rule14_aRegularWidthShowsEveryTabSoATabOnMoreMovesToTheBarWithNoAppearanceCallback() throws {
        let tree = try moreTree(selected: 4)
        let events = tree.run([call("window", "setSize", ["size": ["width": 1024, "height": 768], "horizontalSizeClass": "regular"])])
        #expect(
            containment(events).filter { $0.contains("Appear") || $0.contains("Disappear") || $0.contains("Move") } == [
                "e.willMove(nil)", "e.didMove(nil)", "e.willMove(tabs)", "e.didMove(tabs)",
            ])
        #expect(tree.snapshot().controllers["e"]?.parent == "tabs")
        #expect(more(tree)?.viewControllers == [])
        #expect(tree.snapshot().controllers["tabs"]?.selectedIndex == 4)
        #expect(tree.snapshot().views["e.view"]?.frame == Rect(x: 0, y: 0, width: 1024, height: 768 - 49))
        let back = tree.run([call("window", "setSize", ["size": ["width": 390, "height": 844], "horizontalSizeClass": "compact"])])
        #expect(
            containment(back).filter { $0.contains("Appear") || $0.contains("Disappear") || $0.contains("Move") } == [
                "e.didMove(nil)", "e.willMove(tabs.more)", "e.didMove(tabs.more)",
            ])
        #expect(more(tree)?.viewControllers == ["e"])
        #expect(tree.snapshot().controllers["e"]?.parent == "tabs.more")
        #expect(tree.snapshot().views["e.view"]?.frame == Rect(x: 0, y: 44, width: 390, height: 844 - 49 - 44))
    }

    @Test func rule14_aRegularWidthWithMoreSelectedSelectsItsTopTab() throws {
        let tree = try moreTree(selected: 5)
        _ = tree.run([call("tabs", "setSelectedIndex", ["index": 0])])
        _ = tree.run([call("tabs", "setSelectedViewController", ["viewController": "tabs.more"])])
        let events = tree.run([call("window", "setSize", ["size": ["width": 1024, "height": 768], "horizontalSizeClass": "regular"])])
        #expect(containment(events).filter { $0.contains("Appear") || $0.contains("Disappear") }.isEmpty)
        #expect(tree.snapshot().controllers["tabs"]?.selectedIndex == 5)
        #expect(tree.snapshot().controllers["tabs"]?.selectedViewController == nil)
    }

    @Test func rule14_aRegularWidthWithMoresListShownSelectsTheFifthTab() throws {
        let tree = try moreTree()
        _ = tree.run([call("tabs", "setSelectedViewController", ["viewController": "tabs.more"])])
        let events = tree.run([call("window", "setSize", ["size": ["width": 1024, "height": 768], "horizontalSizeClass": "regular"])])
        #expect(
            containment(events).filter { $0.contains("Appear") || $0.contains("Disappear") } == [
                "e.viewWillAppear", "e.viewIsAppearing", "e.viewDidAppear",
            ])
        #expect(tree.snapshot().controllers["tabs"]?.selectedIndex == 4)
    }

    @Test func rule14_moreCannotBeSelectedInARegularWidth() throws {
        let tree = try ContainmentTree(
            id: "tabs", configuration: TreeConfiguration(windowSize: Size(width: 1024, height: 768), horizontalSizeClass: .regular),
            root: ControllerSpec(id: "tabs", kind: .tabBarController, viewControllers: ["a", "b", "c", "d", "e", "f"].map { ControllerSpec(id: $0) }),
            now: t0)
        let before = tree.snapshot()
        #expect(before.controllers["tabs"]?.moreNavigationController == MoreNavigationSnapshot(id: "tabs.more", viewControllers: []))
        let outcome = tree.perform([call("tabs", "setSelectedViewController", ["viewController": "tabs.more"])], atomic: false, now: t0)
        #expect(outcome.failure?.code == "invalid_argument")
        #expect(tree.snapshot() == before)
        _ = tree.run([call("tabs", "setSelectedIndex", ["index": 5])])
        #expect(tree.snapshot().controllers["tabs"]?.moreNavigationController?.viewControllers == [String]())
    }

    @Test func rule14_aSpecSelectingATabOnMoreBuildsWhatTheCallsBuild() throws {
        let declared = try moreTree(selected: 5)
        let called = try ContainmentTree(
            id: "tabs",
            root: ControllerSpec(id: "tabs", kind: .tabBarController, viewControllers: ["a", "b", "c", "d", "e", "f"].map { ControllerSpec(id: $0) }),
            now: t0)
        _ = called.run([call("tabs", "setSelectedIndex", ["index": 5])])
        // The calls loaded the first tab's view too; the tab bar and what it shows are the same.
        #expect(declared.snapshot().controllers["tabs"] == called.snapshot().controllers["tabs"])
        #expect(declared.snapshot().views["f.view"] == called.snapshot().views["f.view"])
    }

    @Test func rule14_customizableViewControllersAreEveryTabUntilSetAndSetViewControllersResetsThem() throws {
        let tree = try moreTree()
        #expect(tree.snapshot().controllers["tabs"]?.customizableViewControllers == ["a", "b", "c", "d", "e", "f"])
        #expect(tree.run([call("tabs", "setCustomizableViewControllers", ["viewControllers": ["e", "f"]])]).isEmpty)
        #expect(tree.snapshot().controllers["tabs"]?.customizableViewControllers == ["e", "f"])
        #expect(tree.run([call("tabs", "setCustomizableViewControllers", ["viewControllers": .null])]).isEmpty)
        #expect(tree.snapshot().controllers["tabs"]?.customizableViewControllers == [])
        _ = tree.run([call("tabs", "setViewControllers", ["viewControllers": ["a", "b", "c", "d", "e"]])])
        #expect(tree.snapshot().controllers["tabs"]?.customizableViewControllers == ["a", "b", "c", "d", "e"])
    }

    @Test func rule14_customizableViewControllersThatAreNotTabsAreRefused() throws {
        let tree = try moreTree()
        _ = try tree.createController(ControllerSpec(id: "g"), now: t0)
        let before = tree.snapshot()
        let outcome = tree.perform([call("tabs", "setCustomizableViewControllers", ["viewControllers": ["e", "g"]])], atomic: false, now: t0)
        #expect(outcome.failure?.field == "calls[0].args.viewControllers[1]")
        #expect(tree.snapshot() == before)
    }

    @Test func rule14_aTabRemovedLeavesTheCustomizableViewControllers() throws {
        let tree = try moreTree()
        _ = tree.run([call("tabs", "setCustomizableViewControllers", ["viewControllers": ["e", "f"]])])
        _ = tree.run([call("f", "removeFromParent")])
        #expect(tree.snapshot().controllers["tabs"]?.customizableViewControllers == ["e"])
        #expect(tree.snapshot().controllers["tabs"]?.moreNavigationController == nil)
    }
}
