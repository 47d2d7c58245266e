import Testing

@testable import Containment

/// docs/uikit-rules.md, rule 14, "Replacing the tabs": which tab `setViewControllers` selects,
/// and the order in which the old tabs leave and the new ones come in.
@Suite struct TabBarSelectionTests {
    /// A visible tab bar controller with tabs a, b, c (b selected) and detached d, e.
    func tabTree(selected: Int = 1) throws -> ContainmentTree {
        let tree = try ContainmentTree(
            id: "tabs",
            root: ControllerSpec(
                id: "tabs", kind: .tabBarController,
                viewControllers: [ControllerSpec(id: "a"), ControllerSpec(id: "b"), ControllerSpec(id: "c")], selectedIndex: selected),
            now: t0)
        for id in ["d", "e"] {
            _ = try tree.createController(ControllerSpec(id: id), now: t0)
        }
        return tree
    }

    @Test func rule14_settingTabsReselectsTheSelectedControllerAtItsNewIndex() throws {
        let tree = try tabTree()
        let events = tree.run([call("tabs", "setViewControllers", ["viewControllers": ["d", "b"], "animated": false])])
        #expect(
            containment(events) == [
                "c.willMove(nil)", "a.willMove(nil)", "d.willMove(tabs)", "c.didMove(nil)", "a.didMove(nil)", "d.didMove(tabs)",
            ])
        #expect(tree.snapshot().controllers["tabs"]?.selectedIndex == 1)
        #expect(tree.snapshot().views["tabs.view"]?.subviews == ["b.view", "tabs.tabBar"])
    }

    @Test func rule14_settingTabsWithoutTheSelectedControllerSelectsTheOneAtTheSameIndex() throws {
        let tree = try tabTree()
        let events = tree.run([call("tabs", "setViewControllers", ["viewControllers": ["a", "d", "e"], "animated": false])])
        #expect(
            containment(events) == [
                "c.willMove(nil)", "b.willMove(nil)", "d.willMove(tabs)", "e.willMove(tabs)", "d.viewWillAppear", "b.viewWillDisappear",
                "d.viewIsAppearing", "b.viewDidDisappear", "d.viewDidAppear", "c.didMove(nil)", "b.didMove(nil)", "d.didMove(tabs)",
                "e.didMove(tabs)",
            ])
        #expect(tree.snapshot().controllers["tabs"]?.selectedIndex == 1)
        #expect(tree.snapshot().views["tabs.view"]?.subviews == ["d.view", "tabs.tabBar"])
    }

    @Test func rule14_settingFewerTabsThanTheSelectedIndexSelectsTheFirst() throws {
        let tree = try tabTree(selected: 2)
        let events = tree.run([call("tabs", "setViewControllers", ["viewControllers": ["d", "e"], "animated": true])])
        #expect(
            containment(events) == [
                "c.willMove(nil)", "b.willMove(nil)", "a.willMove(nil)", "d.willMove(tabs)", "e.willMove(tabs)", "d.viewWillAppear",
                "c.viewWillDisappear", "d.viewIsAppearing", "c.viewDidDisappear", "d.viewDidAppear", "c.didMove(nil)", "b.didMove(nil)",
                "a.didMove(nil)", "d.didMove(tabs)", "e.didMove(tabs)",
            ])
        #expect(tree.snapshot().controllers["tabs"]?.selectedIndex == 0)
    }

    @Test func rule14_settingNoTabsLeavesNothingSelectedAndTheFirstTabsSetSelectsTheFirst() throws {
        let tree = try tabTree()
        let emptied = tree.run([call("tabs", "setViewControllers", ["viewControllers": [], "animated": false])])
        #expect(
            containment(emptied) == [
                "c.willMove(nil)", "b.willMove(nil)", "a.willMove(nil)", "b.viewWillDisappear", "c.didMove(nil)", "b.didMove(nil)",
                "a.didMove(nil)", "b.viewDidDisappear",
            ])
        #expect(tree.snapshot().controllers["tabs"]?.selectedIndex == nil)
        let filled = tree.run([call("tabs", "setViewControllers", ["viewControllers": ["d", "e"], "animated": false])])
        #expect(
            containment(filled) == [
                "d.willMove(tabs)", "e.willMove(tabs)", "d.viewWillAppear", "d.didMove(tabs)", "e.didMove(tabs)", "d.viewIsAppearing",
                "d.viewDidAppear",
            ])
        #expect(tree.snapshot().controllers["tabs"]?.selectedIndex == 0)
    }

    @Test func rule14_theSameTabsInANewOrderKeepTheSelectedControllerWithoutAnAppearanceCallback() throws {
        let tree = try tabTree()
        let events = tree.run([call("tabs", "setViewControllers", ["viewControllers": ["c", "a", "b"], "animated": false])])
        #expect(events.isEmpty)
        #expect(tree.snapshot().controllers["tabs"]?.selectedIndex == 2)
        #expect(tree.snapshot().controllers["tabs"]?.children == ["c", "a", "b"])
    }

    @Test func rule14_settingTheSelectedViewControllerSelectsItsTab() throws {
        let tree = try tabTree()
        let events = tree.run([call("tabs", "setSelectedViewController", ["viewController": "c"])])
        #expect(
            trace(events).filter { !$0.hasSuffix("LayoutSubviews") } == [
                "c.loadView", "c.viewDidLoad", "c.viewWillAppear", "b.viewWillDisappear", "c.viewIsAppearing", "b.viewDidDisappear",
                "c.viewDidAppear",
            ])
        #expect(tree.snapshot().controllers["tabs"]?.selectedIndex == 2)
        #expect(tree.run([call("tabs", "setSelectedViewController", ["viewController": "c"])]).isEmpty)
        let notATab = tree.perform([call("tabs", "setSelectedViewController", ["viewController": "d"])], atomic: false, now: t0)
        #expect(notATab.failure?.field == "calls[0].args.viewController")
        #expect(notATab.events.isEmpty)
        #expect(tree.snapshot().controllers["tabs"]?.selectedIndex == 2)
    }
}
